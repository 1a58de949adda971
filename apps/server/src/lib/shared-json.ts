import { z } from 'zod';

/**
 * Values shared between answers (a remembered parse, plan or card, handed to every asker of the
 * same question) are deep-frozen by `share`, so no caller can change another's copy, and their
 * JSON text is then worked out once: a repeated question's journal line and history row reuse
 * it instead of writing ~2 KB of card again.
 */
const texts = new WeakMap<object, string | null>();

/** Deep-freezes `value` and marks it (and everything in it) shared; returns it. */
export function share<T>(value: T): T {
  if (value && typeof value === 'object' && !texts.has(value)) {
    Object.freeze(value);
    texts.set(value, null);
    for (const v of Object.values(value)) share(v);
  }
  return value;
}

/** Whether `value` was handed to `share` (so it is frozen, all the way down). */
export const isShared = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && texts.has(value);

/**
 * JSON.stringify's text of `value`, with the text of each shared object in it remembered. Only
 * plain data is expected (objects, arrays, strings, numbers, booleans, null, Dates): what
 * JSON.stringify would give for them, key order included.
 */
export function stringify(value: unknown): string {
  return write(value) ?? 'null';
}

function write(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const known = texts.get(value);
  if (known) return known;
  let text: string | undefined;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    text = write((value as { toJSON: () => unknown }).toJSON());
  } else if (Array.isArray(value)) {
    text = '[';
    for (let i = 0; i < value.length; i++) text += `${i > 0 ? ',' : ''}${write(value[i]) ?? 'null'}`;
    text += ']';
  } else {
    text = '{';
    let first = true;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const v = write((value as Record<string, unknown>)[key]);
      if (v === undefined) continue;
      text += `${first ? '' : ','}${keyText(key)}${v}`;
      first = false;
    }
    text += '}';
  }
  if (known === null && text !== undefined) texts.set(value, text);
  return text;
}

/** `"key":` of each key seen (the same few dozen keys in every row). */
const keyTexts = new Map<string, string>();

function keyText(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = `${JSON.stringify(key)}:`;
    if (keyTexts.size < 10_000) keyTexts.set(key, text);
  }
  return text;
}

/** Each schema's validated text of the shared values encoded with it. */
const encoded = new WeakMap<z.ZodType, WeakMap<object, string>>();

/**
 * The JSON text of `value` after the schema's check (`z.encode`, what the routes' serializer
 * does), worked out once for a shared value: it is frozen all the way down, so it passes the same
 * check with the same text every time. Any other value is checked and written each call. Throws
 * the schema's error when the value does not fit it.
 */
export function encodeOnce<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  if (!isShared(value)) return JSON.stringify(z.encode(schema, value));
  let texts = encoded.get(schema);
  if (!texts) {
    texts = new WeakMap();
    encoded.set(schema, texts);
  }
  let text = texts.get(value as object);
  if (text === undefined) {
    text = JSON.stringify(z.encode(schema, value));
    texts.set(value as object, text);
  }
  return text;
}
