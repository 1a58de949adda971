import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectUrl } from './datasources';

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
  await import('./i18n');
});

describe('connecting Google Analytics', () => {
  it('reconnects a revoked source by its id, keeping local=true on local hosts', () => {
    expect(connectUrl('GOOGLE_ANALYTICS', 'localhost', '5b4f0c3e-1d2a-4c5b-9e8f-0a1b2c3d4e5f')).toBe(
      '/api/v1/datasourceredirect?type=GOOGLE_ANALYTICS&local=true&datasource_id=5b4f0c3e-1d2a-4c5b-9e8f-0a1b2c3d4e5f',
    );
  });

  it('says "Connect with Google" and "Reconnect" in every language', () => {
    const t = (key: string, lng: string) => i18next.t(key, { ns: 'datasources', lng });
    expect(t('form.oauth_google', 'en-US')).toBe('Connect with Google');
    expect(t('form.oauth_google', 'en-GB')).toBe('Connect with Google');
    expect(t('form.oauth_google', 'tr')).toBe('Google ile bağlan');
    expect(t('actions.reconnect', 'en-US')).toBe('Reconnect');
    expect(t('actions.reconnect', 'tr')).toBe('Yeniden bağlan');
  });
});
