import type { TBrokenCheck } from '@parley/contract';

/** Verified questions a change breaks, each with why. */
export function BrokenList({ broken, testId }: { broken: TBrokenCheck[]; testId: string }) {
  return (
    <ul className="model-broken" data-testid={testId}>
      {broken.map((b) => (
        <li key={b.id} data-testid={`${testId}-item`}>
          <strong>“{b.phrase}”</strong> — {b.reason}
        </li>
      ))}
    </ul>
  );
}
