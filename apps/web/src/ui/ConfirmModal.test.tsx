import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enUS from '../i18n/locales/en-US';
import { ConfirmModal, type ConfirmModalProps } from './ConfirmModal';
import { stubMatchMedia } from './ui.testkit';

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en-US', fallbackLng: 'en-US', resources: { 'en-US': { translation: enUS } } });
  stubMatchMedia();
});
afterEach(cleanup);

function open(props: Partial<ConfirmModalProps> = {}) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  render(
    <MantineProvider env="test">
      <ConfirmModal
        opened
        title="Delete collection?"
        text="Board pack and its cards go."
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onClose={onClose}
        testId="thing-modal"
        {...props}
      />
    </MantineProvider>,
  );
  return { onClose, onConfirm, dialog: screen.getByRole('dialog') };
}

describe('ConfirmModal', () => {
  it('asks, and its own buttons confirm or cancel', () => {
    const { onClose, onConfirm, dialog } = open();
    expect(dialog.textContent).toContain('Board pack and its cards go.');
    fireEvent.click(screen.getByTestId('thing-modal-confirm'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('thing-modal-cancel').textContent).toBe('Cancel');
    fireEvent.click(screen.getByTestId('thing-modal-cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('ignores clicks outside; Escape closes unless turned off', () => {
    const first = open();
    const overlay = document.querySelector('.mantine-Modal-overlay') as HTMLElement;
    fireEvent.mouseDown(overlay);
    fireEvent.click(overlay);
    expect(first.onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(first.dialog, { key: 'Escape' });
    expect(first.onClose).toHaveBeenCalledTimes(1);
    cleanup();

    const logout = open({ closeOnEscape: false, withCloseButton: false });
    fireEvent.keyDown(logout.dialog, { key: 'Escape' });
    expect(logout.onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('keeps Cancel waiting while the action runs, and takes its own labels and test ids', () => {
    open({ busy: true, cancelLabel: 'Back', confirmTestId: 'go', cancelTestId: 'back' });
    expect((screen.getByTestId('back') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('back').textContent).toBe('Back');
    expect(screen.getByTestId('go').hasAttribute('data-loading')).toBe(true);
  });
});
