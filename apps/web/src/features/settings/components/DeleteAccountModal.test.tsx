import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia, stubResizeObserver } from '../../../ui/ui.testkit';
import { DeleteAccountModal } from './DeleteAccountModal';

const refetch = vi.fn();
const subscription = { isPending: false, isError: true, isFetching: false, data: undefined, refetch };
vi.mock('../hooks/useAccount', () => ({
  useAccountSubscription: () => subscription,
  useDeleteAccount: () => ({ isPending: false, data: undefined, error: null, mutate: vi.fn() }),
}));

beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({ lng: 'tr', fallbackLng: 'en-US', resources: {} });
  await import('../i18n');
  stubMatchMedia();
  stubResizeObserver();
});
afterEach(cleanup);

describe('DeleteAccountModal when the subscription check fails', () => {
  it('says a paid subscription is cancelled first and nothing is deleted if that fails, and checks again', () => {
    render(
      <MantineProvider>
        <DeleteAccountModal opened onClose={() => undefined} />
      </MantineProvider>,
    );
    const notice = screen.getByTestId('delete-account-check-failed');
    expect(notice.textContent).toContain('önce ödeme sağlayıcısında iptal edilir');
    expect(notice.textContent).toContain('hiçbir şey silinmez');
    fireEvent.click(screen.getByTestId('delete-account-check-retry'));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
