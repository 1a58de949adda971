/**
 * A source's connection form, derived from its config schema: the descriptor gives one field per
 * schema key, so the form the web draws and the config the server parses cannot drift apart.
 */
import type { TConfigFormField } from '@parley/contract';
import type { z } from 'zod';

/** A field as a descriptor spells it: its key is the schema's. */
export type TFieldSpec = Omit<TConfigFormField, 'key'>;

/**
 * The form of `schema` in the order `fields` lists them. The compiler asks for a field per
 * schema key and refuses any other; the check below repeats it for schemas typed loosely.
 */
export function configForm<S extends z.ZodObject>(
  schema: S,
  fields: NoInfer<{ [K in keyof S['shape'] & string]-?: TFieldSpec }>,
): TConfigFormField[] {
  const keys = Object.keys(schema.shape).sort();
  const given = Object.keys(fields).sort();
  if (keys.join() !== given.join())
    throw new Error(`A connection form lists ${given.join(', ')}; its schema has ${keys.join(', ')}`);
  return Object.entries(fields as Record<string, TFieldSpec>).map(([key, spec]) => ({ key, ...spec }));
}
