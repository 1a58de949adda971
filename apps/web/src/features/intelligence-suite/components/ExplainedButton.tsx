import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A button that, while disabled, says why: a tooltip on hover and, for screen readers and touch,
 * `aria-describedby` pointing at the reason shown as text beside it (`reasonId`).
 */
export function ExplainedButton({
  reason,
  reasonId,
  onClick,
  testId,
  children,
  ...props
}: ButtonProps & {
  reason: string | null;
  reasonId: string | null;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  const button = (
    <Button
      {...props}
      disabled={reason !== null}
      aria-describedby={reason && reasonId ? reasonId : undefined}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </Button>
  );
  if (!reason) return button;
  // A disabled button gets no pointer events: the tooltip listens on a wrapper.
  return (
    <Tooltip label={reason} withArrow multiline maw={260}>
      <span className="is-why-wrap" data-testid={`${testId}-why`}>
        {button}
      </span>
    </Tooltip>
  );
}
