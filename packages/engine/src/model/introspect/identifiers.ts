/**
 * Identifiers by any naming: keys, numbers, codes and references are labels
 * or keys, never quantities. Its own file: the context's key test and the column rules both read it.
 */
import type { TIntrospectedColumn } from '../introspection';
import { words } from './text';

/** Last words of an identifier: keys, numbers, codes and references ("policy_no", "providerID"). */
export const IDENTIFIER = /( |^)(id|ids|identifier|key|uuid|guid|code|ref|reference|no|nr|num|number|nbr)$/;
/** A number that stands for a category: "product_status" 1/2, "customer_type" 3. */
const CODE = /( |^)(status|type|kind|class|category|group|segment|gender)$/;
/** Words that make a number a quantity whatever its values (all-distinct amounts are still amounts). */
const QUANTITY_WORD =
  /\b(quantity|qty|amount|price|cost|total|sum|charge|charges|fee|sales|revenue|salary|tenure|age|count|units|weight|balance|value|score|rate|hours|days|minutes|duration|length)\b/;

/** Every value distinct (or all but a few, in thousands of rows), on a table whose rows are known. */
export const isAllDistinct = (c: TIntrospectedColumn, rows: number): boolean =>
  rows > 0 && c.distinctCount !== null && c.distinctCount >= rows * 0.97;

/**
 * A number that identifies rather than measures: named like an identifier or a
 * category code, or an integer whose values are all distinct on a table of some size, unless its
 * name says quantity. Text columns are never quantities and answer false.
 */
export function isIdentifier(c: TIntrospectedColumn, rows: number): boolean {
  const w = words(c.name);
  if (!(c.kind === 'integer' || c.kind === 'decimal' || c.kind === 'float')) return false;
  if (IDENTIFIER.test(w) || CODE.test(w)) return true;
  return c.kind === 'integer' && rows >= 50 && isAllDistinct(c, rows) && !QUANTITY_WORD.test(w);
}
