import { BILLING_MESSAGES } from '@parley/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { flatBundle } from '../../test/i18n/bundle-check';
import { ApiError } from './api';
import { billingError, billingText, planName } from './billing-words';

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  i18next.addResourceBundle('en-US', 'translation', (await import('../i18n/locales/en-US')).default, true);
  i18next.addResourceBundle('en-GB', 'translation', (await import('../i18n/locales/en-GB')).default, true);
  i18next.addResourceBundle('tr', 'translation', (await import('../i18n/locales/tr')).default, true);
});

const refusal = (message: string) => new ApiError('status', 400, message, true, { message });

describe('billing messages from the server', () => {
  it('are carried word for word in en-US and en-GB', () => {
    const bundle = flatBundle('en-US', 'translation');
    for (const [key, text] of Object.entries(BILLING_MESSAGES))
      expect(bundle[`billing.server.${key}`]).toBe(text);
    const gb = i18next.getFixedT('en-GB');
    for (const [key, text] of Object.entries(BILLING_MESSAGES))
      expect(gb(`billing.server.${key}`)).toBe(text);
  });

  it('are shown in Turkish in the Turkish UI, the deletion refusal and the country refusal too', () => {
    const tr = i18next.getFixedT('tr');
    expect(billingError(refusal(BILLING_MESSAGES.providerCancelFailed), tr, 'x')).toBe(
      'Aboneliğiniz ödeme sağlayıcısında iptal edilemedi, bu yüzden hesabınız silinmedi. Lütfen birazdan yeniden deneyin.',
    );
    expect(billingText(BILLING_MESSAGES.paymentsOff, tr)).toBe('Bu sunucuda ödemeler açık değil.');
    expect(billingError(refusal('Invalid field country: an ISO 3166-1 alpha-2 code'), tr, 'x')).toBe(
      'Ülkeyi listeden seçin.',
    );
  });

  it('leave other messages as the server sent them and fall back without one', () => {
    const tr = i18next.getFixedT('tr');
    expect(billingError(refusal('Something else.'), tr, 'fallback')).toBe('Something else.');
    expect(billingError(new Error('network'), tr, 'Abonelik güncellenemedi!')).toBe(
      'Abonelik güncellenemedi!',
    );
  });
});

describe('planName', () => {
  it("names a plan through a feature's t too, whose own namespace is the default", () => {
    i18next.addResourceBundle('tr', 'subscriptions', { trial: 'Deneme' }, true);
    expect(planName(i18next.getFixedT('tr', 'subscriptions'), 'premium')).toBe('Premium');
    expect(planName(i18next.getFixedT('tr', 'subscriptions'), 'free')).toBe('Ücretsiz');
    expect(billingText(BILLING_MESSAGES.paymentsOff, i18next.getFixedT('tr', 'settings'))).toBe(
      'Bu sunucuda ödemeler açık değil.',
    );
  });

  it('names every plan in the UI language, never the English id', () => {
    expect(planName(i18next.getFixedT('en-GB'), 'unlimited')).toBe('Unlimited');
    const tr = i18next.getFixedT('tr');
    expect(planName(tr, 'free')).toBe('Ücretsiz');
    expect(planName(tr, 'unlimited')).toBe('Sınırsız');
    expect(planName(tr, 'premium')).toBe('Premium');
    expect(planName(tr, undefined)).toBe('');
  });
});
