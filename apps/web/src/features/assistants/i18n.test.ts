import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCompleteBundles, flatBundle } from '../../../test/i18n/bundle-check';

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
});

describe('assistant texts', () => {
  it('are complete in tr and en-GB, never empty, with the same placeholders', () => {
    expectCompleteBundles('assistants');
  });

  it('explain every scope of the contract in words', async () => {
    const { ASSISTANT_SCOPES, ASSISTANT_KINDS } = await import('@parley/contract');
    for (const lng of ['en-US', 'en-GB', 'tr']) {
      const bundle = flatBundle(lng, 'assistants');
      for (const scope of ASSISTANT_SCOPES)
        expect(bundle[`scope.${scope.replace(':', '_')}`], scope).toBeTruthy();
      for (const kind of ASSISTANT_KINDS) {
        expect(bundle[`kind.${kind}`], kind).toBeTruthy();
        expect(bundle[`consent.restart.${kind}`], kind).toBeTruthy();
        expect(bundle[`page.how.${kind}`], kind).toBeTruthy();
      }
    }
  });
});
