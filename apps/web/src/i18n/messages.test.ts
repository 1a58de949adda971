import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
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

/** Source files using the default namespace (features with their own i18n.ts use their own). */
function sources(dir: string): string[] {
  const names = readdirSync(dir);
  if (dir !== join(__dirname) && names.includes('i18n.ts')) return [];
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts') && !path.includes('locales') ? [path] : [];
  });
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
  it('contain every literal key the code uses, and every rule message', () => {
    const root = join(__dirname, '..');
    const used = new Set<string>(Object.values(RULE_MESSAGES));
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-z_]+(?:\.[a-z_]+)+)'/g)) used.add(m[1]);
      for (const m of text.matchAll(
        /(?:titleKey|labelKey|message|key|text)[=:]\s*["']([a-z_]+\.[a-z_.]+)["']/g,
      ))
        used.add(m[1]);
    }
    // Keys the code builds from parts.
    for (const kind of ['login_with_link', 'register', 'forgot_password']) {
      for (const part of ['title', 'subtitle', 'submit', 'confirm_message'])
        used.add(`login.${kind}_${part}`);
    }
    for (const type of ['missing', 'timeout', 'other']) used.add(`errors.chunk_${type}`);
    for (const level of ['risky', 'guessable', 'weak', 'safe', 'secure'])
      used.add(`password_strength.${level}`);
    for (const tile of ['conversations', 'collections', 'reports']) {
      used.add(`dashboard.tile_${tile}`);
      used.add(`dashboard.tile_${tile}_text`);
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter((k) => typeof lookup(enUS, k) !== 'string');
    expect(missing).toEqual([]);
  });
});
