import { describe, expect, it, vi } from 'vitest';
import { escapeCloses } from './escape';

function setup() {
  document.body.innerHTML = `
    <div id="dialog"><input id="inside" /><input id="list" data-mantine-stop-propagation="true" /></div>
    <div id="portal"><button id="nested">x</button></div>`;
  const close = vi.fn();
  const handler = escapeCloses(close);
  const press = (
    targetId: string,
    init: { key?: string; defaultPrevented?: boolean; composing?: boolean } = {},
  ) =>
    handler({
      key: init.key ?? 'Escape',
      defaultPrevented: init.defaultPrevented ?? false,
      target: document.getElementById(targetId)!,
      currentTarget: document.getElementById('dialog')!,
      nativeEvent: { isComposing: init.composing ?? false },
    });
  return { close, press };
}

describe('escapeCloses', () => {
  it('closes on Escape pressed inside the dialog', () => {
    const { close, press } = setup();
    press('inside');
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('leaves the dialog open for other keys, handled keys, composition and open lists', () => {
    const { close, press } = setup();
    press('inside', { key: 'Enter' });
    press('inside', { defaultPrevented: true });
    press('inside', { composing: true });
    press('list');
    expect(close).not.toHaveBeenCalled();
  });

  it('leaves the dialog open when the key comes from a dialog opened from it', () => {
    const { close, press } = setup();
    press('nested');
    expect(close).not.toHaveBeenCalled();
  });
});
