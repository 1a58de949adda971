import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCompleteBundles, flatBundle } from '../../../test/i18n/bundle-check';

beforeAll(async () => {
  if (!i18next.isInitialized) await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
});

describe('alert texts', () => {
  it('are complete in tr and en-GB, never empty, with the same placeholders', () => {
    expectCompleteBundles('alerts');
  });

  it('name every schedule, condition kind and operator of the contract', async () => {
    const { ALERT_SCHEDULES, ALERT_CONDITION_KINDS, ALERT_OPS } = await import('@parley/contract');
    for (const lng of ['en-US', 'en-GB', 'tr']) {
      const bundle = flatBundle(lng, 'alerts');
      for (const s of ALERT_SCHEDULES) expect(bundle[`schedules.${s}`], s).toBeTruthy();
      for (const k of ALERT_CONDITION_KINDS) expect(bundle[`dialog.kinds.${k}`], k).toBeTruthy();
      for (const op of ALERT_OPS) expect(bundle[`dialog.ops.${op}`], op).toBeTruthy();
    }
  });
});
