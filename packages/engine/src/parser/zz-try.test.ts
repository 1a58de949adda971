import { it } from 'vitest';
import { parseDemo } from './demo-questions.testkit';

it('try', () => {
  for (const p of (process.env.PHRASES ?? '').split('|')) {
    const r = parseDemo(p);
    console.log(
      p,
      '=>',
      r.kind === 'query' ? JSON.stringify(r.query) : `CLARIFY ${r.text} :: ${r.prompt.items.join(' / ')}`,
    );
  }
});
