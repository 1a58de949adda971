/// <reference lib="dom" />
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// What a test waits for before it looks: the screen has stopped moving. Charts animate on their
// canvas and dialogs, drawers and grids through CSS, so both are read until they hold still.

/** Views drawn without a canvas. */
const NO_CANVAS = ['kpi', 'table', 'insights', 'text', 'image'];

/**
 * A print of what moves inside `root`: the finite CSS animations and transitions still running,
 * its markup (inline styles move a grid's items) and every canvas's pixels (a chart animates
 * there); equal prints a moment apart say it is still.
 */
function motionPrint(root: Element): { running: number; print: string } {
  const running = root
    .getAnimations({ subtree: true })
    .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity).length;
  const hash = (text: string) => {
    let h = 0;
    for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
    return h;
  };
  const canvases = Array.from(root.querySelectorAll('canvas')).map((c) => {
    const data = c.width && c.height ? c.toDataURL() : '';
    return `${c.width}x${c.height}:${hash(data)}`;
  });
  const box = root.getBoundingClientRect();
  const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
  return { running, print: `${size} ${hash(root.innerHTML)} ${canvases.join(',')}` };
}

/**
 * Waits until nothing moves in the element (or the whole page): no CSS animation or transition
 * running, and its size, markup and canvases the same on two reads in a row.
 */
export async function expectSettled(scope: Locator | Page): Promise<void> {
  const root = 'goto' in scope ? scope.locator('body') : scope;
  let last = '';
  await expect
    .poll(
      async () => {
        const { running, print } = await root.evaluate(motionPrint);
        const still = running === 0 && print === last;
        last = running === 0 ? print : '';
        return still;
      },
      { intervals: [150], message: 'the screen settles (charts drawn, no animation running)' },
    )
    .toBe(true);
}

/** Screenshots a card once its view is drawn and still (a chart's canvas painted). */
export async function shootCard(card: Locator, path: string): Promise<void> {
  await card.scrollIntoViewIfNeeded();
  const view = await card.getAttribute('data-view');
  if (view && !NO_CANVAS.includes(view)) await expect(card.locator('canvas').first()).toBeVisible();
  await expectSettled(card);
  await card.screenshot({ path });
}
