import i18next from 'i18next';
import { beforeAll, describe, it } from 'vitest';
import { expectCompleteBundles } from '../../../test/i18n/bundle-check';

beforeAll(async () => {
  if (!i18next.isInitialized) await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
});

describe('notification texts', () => {
  it('are complete in tr and en-GB, never empty, with the same placeholders', () => {
    expectCompleteBundles('notifications');
  });
});
