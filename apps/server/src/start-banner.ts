import { assertNever } from '@parley/engine';
import type { DemoSignIn } from './modules/demo/demo.service';

/**
 * The lines the server prints once it listens (DESIGN §3): where it runs and how to sign in to
 * the demo. A password is printed only when this start generated it, and only in embedded mode:
 * in server mode standard output is the operator's log, which must never hold a password.
 */
export function startBanner(
  config: { BRAND_NAME: string; PUBLIC_URL: string; embedded: boolean },
  demo: DemoSignIn | null,
  readyMs: number,
): string {
  const lines = [
    '',
    `  ${config.BRAND_NAME} is running at ${config.PUBLIC_URL}  (${config.embedded ? 'embedded mode' : 'PostgreSQL'}, ready in ${Math.round(readyMs)} ms)`,
  ];
  if (demo) lines.push(`  Demo sign-in: ${demo.email} / ${demoPassword(demo, config.embedded)}`);
  return `${lines.join('\n')}\n`;
}

function demoPassword(demo: DemoSignIn, embedded: boolean): string {
  switch (demo.password.source) {
    case 'generated':
      return embedded
        ? demo.password.value
        : '(generated, not shown in server mode: set DEMO_PASSWORD to choose it at the next start)';
    case 'configured':
      return '(the DEMO_PASSWORD you set)';
    case 'earlier':
      return '(generated when the demo user was created; set DEMO_PASSWORD to choose another)';
    default:
      return assertNever(demo.password);
  }
}
