import type { TGuideState } from '@parley/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { providers, setUpTexts, stubFetch } from '../assistants/assistants.testkit';
import { GettingStarted } from './GettingStarted';

beforeAll(async () => {
  await setUpTexts();
  await import('./i18n');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function open(state: TGuideState) {
  stubFetch((call) => (call.url === '/features/guide' ? { status: 200, body: state } : undefined));
  const { wrap } = providers();
  render(
    wrap(
      <>
        <GettingStarted />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </>,
    ),
  );
}

const STATE: TGuideState = {
  data_source: { done: true, count: 1 },
  assistant: { done: false, skipped: false, linked: 0 },
  all_set: false,
  dismissed: false,
};

describe('Getting started, step 2', () => {
  it('goes to Settings → Linked assistants while nothing is linked', async () => {
    open(STATE);
    const step = await screen.findByTestId('guide-step-assistant');
    expect(step.getAttribute('data-status')).toBe('todo');
    fireEvent.click(within(step).getByTestId('guide-link-assistant'));
    expect(screen.getByTestId('where').textContent).toBe('/user/assistants');
  });

  it('shows the step done, with the count, once an assistant is linked', async () => {
    open({ ...STATE, assistant: { done: true, skipped: false, linked: 2 }, all_set: true });
    const step = await screen.findByTestId('guide-step-assistant');
    expect(step.getAttribute('data-status')).toBe('done');
    expect(step.textContent).toContain('Linked: 2 assistants.');
    expect(within(step).queryByTestId('guide-link-assistant')).toBeNull();
    expect(screen.getByTestId('guide-progress').textContent).toBe('3 of 3 done');
  });
});
