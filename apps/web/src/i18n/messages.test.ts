import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RULE_MESSAGES } from '@parley/contract';
import { describe, expect, it } from 'vitest';
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

describe('translations', () => {
  const base = keys(enUS).sort();
  it('have the same keys in every language', () => {
    expect(keys(enGB).sort()).toEqual(base);
    expect(keys(tr).sort()).toEqual(base);
  });
  it('have no empty strings and keep the same placeholders', () => {
    for (const key of base) {
      const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      const us = lookup(enUS, key) as string;
      for (const other of [enGB, tr]) {
        const text = lookup(other, key) as string;
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(us));
      }
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
