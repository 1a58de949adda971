import { CONNECTION_FAILURES, connectionFailureText as serverText } from '@parley/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { flatBundle } from '../../../test/i18n/bundle-check';
import { ApiError } from '../../lib/api';
import { failureText, formatDay, usageText } from './datasources';

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
});

const FIXED = 'Invalid configuration provided.';
/** The server's 400 for a refused connection: the fixed message, the reason beside it. */
const refusal = (reason: string, params: Record<string, string | number>) =>
  new ApiError('status', 400, FIXED, true, {
    message: FIXED,
    reason: { reason, params, text: serverText(reason as never, params) },
  });

describe('connection failures on screen', () => {
  it('carry the server’s sentences word for word in en-US and en-GB', () => {
    for (const lng of ['en-US', 'en-GB']) {
      const bundle = flatBundle(lng, 'datasources');
      for (const [reason, text] of Object.entries(CONNECTION_FAILURES))
        expect(bundle[`connection.${reason}`]).toBe(text);
    }
  });

  it('translate the reason after the fixed message, keeping what the user typed', () => {
    const missing = refusal('database_missing', { database: 'shop' });
    const us = i18next.getFixedT('en-US', 'datasources');
    expect(failureText(missing, us, 'messages.failed_to_connect')).toBe(
      `${FIXED} ${serverText('database_missing', { database: 'shop' })}`,
    );
    const tr = i18next.getFixedT('tr', 'datasources');
    expect(failureText(missing, tr, 'messages.failed_to_connect')).toBe(
      'Geçersiz yapılandırma girildi. “shop” adlı veritabanı yok.',
    );
    const port = refusal('connection_refused', { host: 'db.local', port: 1 });
    expect(failureText(port, tr, 'messages.failed_to_connect')).toBe(
      'Geçersiz yapılandırma girildi. Sunucuya ulaşılamıyor: db.local, 1 numaralı porttaki bağlantıyı reddetti.',
    );
  });

  it('leave any other server message as it came', () => {
    const tr = i18next.getFixedT('tr', 'datasources');
    const other = 'Something unexpected.';
    expect(failureText(new ApiError('status', 400, other, true, { message: other }), tr, 'x')).toBe(other);
  });
});

describe('usage and upload texts', () => {
  it('name how many cards in how many collections read the source, and the collections', () => {
    const us = i18next.getFixedT('en-US', 'datasources');
    const usage = {
      cards: 3,
      collections: [
        { id: 'a', name: 'Board', cards: 1 },
        { id: 'b', name: 'Sales', cards: 2 },
      ],
    };
    expect(usageText(usage, us)).toBe('3 cards in 2 collections use this source: Board, Sales.');
    const one = { cards: 1, collections: [{ id: 'a', name: 'Board', cards: 1 }] };
    expect(usageText(one, us)).toBe('1 card in 1 collection uses this source: Board.');
    const tr = i18next.getFixedT('tr', 'datasources');
    expect(usageText(usage, tr)).toBe('Bu kaynağı 2 koleksiyon içinde 3 kart kullanıyor: Board, Sales.');
  });

  it('shows a day of the data in the reader’s language without shifting it', () => {
    expect(formatDay('1996-07-04', 'en-US')).toBe('Jul 4, 1996');
    expect(formatDay('1996-07-04', 'en-GB')).toBe('4 Jul 1996');
  });
});
