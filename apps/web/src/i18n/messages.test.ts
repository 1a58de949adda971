import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { expectCompleteBundles } from '../../test/i18n/bundle-check';
import { RULE_MESSAGES } from '../lib/contract';
import { initI18n } from '.';
import enGB from './locales/en-GB';
import enUS from './locales/en-US';
import tr from './locales/tr';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );
}

function lookup(obj: object, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
}

// Every feature's namespace registers itself on import.
const features = import.meta.glob('../features/*/i18n.ts');

/** i18next with every namespace (a feature registers once, on its first import, into the running i18next). */
async function loadEveryNamespace(): Promise<void> {
  if (!i18next.isInitialized) await initI18n();
  await Promise.all(Object.values(features).map((load) => load()));
}

/** Every source file of the app (not tests, not the locales). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes('locales') ? [path] : [];
  });
}

/**
 * A file whose plain keys ("common.loading") are the default namespace's: outside a feature with texts
 * of its own, or one that takes t from useTranslation() and binds no namespace (a feature's helpers
 * may be handed a t bound to its namespace).
 */
function defaultNamespace(path: string, text: string): boolean {
  const ownTexts =
    readdirSync(join(path, '..')).includes('i18n.ts') ||
    (path.includes('/features/') && readdirSync(join(path, '..', '..')).includes('i18n.ts'));
  if (/useTranslation\(\s*['"]|getFixedT\(/.test(text)) return false;
  return !ownTexts || /useTranslation\(\)/.test(text);
}

const KEY_FIELD = /(?:titleKey|labelKey|message|key|text)[=:]\s*["']/.source;

/** Default-namespace keys written out in a file: t('common.loading'), message: 'validation.required'. */
function plainKeys(text: string): string[] {
  return [
    ...[...text.matchAll(/\bt\(\s*'([a-z_]+(?:\.[a-z_]+)+)'/g)].map((m) => m[1]!),
    ...[...text.matchAll(new RegExp(`${KEY_FIELD}([a-z_]+\\.[a-z_.]+)["']`, 'g'))].map((m) => m[1]!),
  ];
}

/**
 * Keys of a namespace written out in a file: t('settings:name'), message: 'auth:login.password_required',
 * failureText(error, t, 'collections:messages.failed_to_fetch').
 */
function namespacedKeys(text: string): string[] {
  const calls = [...text.matchAll(/\bt\(\s*[`']([a-z-]+:[a-z_]+(?:\.[a-z_]+)*)[`']/g)].map((m) => m[1]!);
  // A key field or other literal names a namespace's text only when the namespace is one ("grouping:none" is an id).
  const fields = [
    ...text.matchAll(new RegExp(`${KEY_FIELD}([a-z-]+):([a-z_.]+)["']`, 'g')),
    ...text.matchAll(/['`]([a-z-]+):([a-z_]+(?:\.[a-z_]+)*)['`]/g),
  ]
    .filter((m) => i18next.hasResourceBundle('en-US', m[1]!))
    .map((m) => `${m[1]}:${m[2]}`);
  return [...calls, ...fields];
}

const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('translations', () => {
  const base = keys(enUS).sort();
  it('are complete in tr', () => {
    expect(keys(tr).sort()).toEqual(base);
  });
  it('override in en-GB only en-US keys, each with a text of its own', () => {
    const overrides = keys(enGB);
    expect(overrides.length).toBeGreaterThan(0);
    for (const key of overrides) {
      expect(base, key).toContain(key);
      expect(lookup(enGB, key), key).not.toBe(lookup(enUS, key));
    }
  });
  it('have no empty strings and keep the same placeholders', () => {
    for (const key of base) {
      const us = lookup(enUS, key) as string;
      for (const other of [enGB, tr]) {
        const text = lookup(other, key);
        if (other === enGB && text === undefined) continue;
        expect(typeof text, key).toBe('string');
        expect((text as string).trim(), key).not.toBe('');
        expect(placeholders(text as string), key).toEqual(placeholders(us));
      }
    }
  });
  it('resolve every en-US key in en-GB as loaded: its override, else the en-US text', async () => {
    // Start in en-GB, so en-US is there only because en-GB falls back to it.
    localStorage.setItem('language', 'en-GB');
    await initI18n();
    expect(i18next.language).toBe('en-GB');
    for (const key of base) {
      const us = lookup(enUS, key) as string;
      // Each placeholder is filled with itself, so the text comes back as written.
      const values = Object.fromEntries(placeholders(us).map((p) => [p.slice(2, -2), p]));
      expect(i18next.t(key, values), key).toBe(lookup(enGB, key) ?? us);
    }
  });
  it('contain every literal key the code uses, and every rule message', async () => {
    await loadEveryNamespace();
    const used = new Set<string>(Object.values(RULE_MESSAGES));
    const namespaced = new Set<string>();
    for (const file of sources(join(__dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const key of namespacedKeys(text)) namespaced.add(key);
      if (defaultNamespace(file, text)) for (const key of plainKeys(text)) used.add(key);
    }
    // Keys the code builds from parts.
    for (const kind of ['login_with_link', 'register', 'forgot_password']) {
      for (const part of ['title', 'subtitle', 'submit', 'confirm_message'])
        namespaced.add(`auth:login.${kind}_${part}`);
    }
    for (const type of ['missing', 'timeout', 'other']) used.add(`errors.chunk_${type}`);
    for (const level of ['risky', 'guessable', 'weak', 'safe', 'secure'])
      used.add(`password_strength.${level}`);
    for (const field of ['name', 'organisation', 'position']) namespaced.add(`settings:${field}`);
    for (const tile of ['conversations', 'collections', 'reports']) {
      namespaced.add(`dashboard:tile_${tile}`);
      namespaced.add(`dashboard:tile_${tile}_text`);
    }
    expect(used.size + namespaced.size).toBeGreaterThan(100);
    expect([...used].filter((k) => typeof lookup(enUS, k) !== 'string')).toEqual([]);
    const inNamespace = (k: string) => {
      const [ns, key] = k.split(':') as [string, string];
      return i18next.getResource('en-US', ns, key);
    };
    expect([...namespaced].filter((k) => typeof inNamespace(k) !== 'string')).toEqual([]);
  });
  it('are complete in every feature namespace: tr and en-GB have every en-US key, with its placeholders', async () => {
    await loadEveryNamespace();
    const namespaces = Object.keys(i18next.store.data['en-US'] ?? {}).filter((ns) => ns !== 'translation');
    expect(namespaces).toEqual(
      expect.arrayContaining(['auth', 'onboarding', 'settings', 'help', 'dashboard']),
    );
    for (const ns of namespaces) expectCompleteBundles(ns);
  });
});
