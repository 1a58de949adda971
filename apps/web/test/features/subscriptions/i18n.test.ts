import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCompleteBundles, flatBundle } from '../../i18n/bundle-check';

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('../../../src/features/subscriptions/i18n');
});

describe('subscription texts', () => {
  const bundle = (lng: string) => flatBundle(lng, 'subscriptions');

  it('are complete in tr and en-GB, never empty, with the same placeholders', () => {
    expectCompleteBundles('subscriptions');
  });

  it('carry the spec 2 §8 subscription messages word for word in en-US', () => {
    const us = bundle('en-US');
    expect(us['messages.failed_pricing_preview']).toBe('Failed to get pricing preview!');
    expect(us['messages.failed_payments']).toBe('Failed to get payments!');
  });
});
