import type { ReactNode } from 'react';

export type PillTone = 'active' | 'inactive' | 'revoked' | 'default' | 'selected' | 'neutral';

/** A small status label in the screen's own colours (AA contrast on white, unlike Mantine's light badges). */
export function Pill({ tone, children, testId }: { tone: PillTone; children: ReactNode; testId?: string }) {
  return (
    <span className="ds-pill" data-tone={tone} data-testid={testId}>
      {children}
    </span>
  );
}
