/**
 * Column rules more than one step reads: numbers, dates, audit dates, text that is never grouped
 * by, parts of a person's name, and the column that names a table's rows.
 */
import type { TIntrospectedColumn } from '../introspection';
import type { TTableInfo } from './context';
import { words } from './text';

/** Dates that only record when a row was touched, never a business event. */
const AUDIT =
  /^(last )?(update|updated|modified|modification|changed|change|synced|sync|edited|deleted|inserted|loaded|load|etl|ingested|row)( at| on| date| time| ts| timestamp| datetime)?$/;
/** Text that is never grouped by: free text, contact details, address lines, secrets, files. */
export const NOT_DIMENSION =
  /\b(address|address2|street|email|mail|phone|fax|mobile|tel|url|homepage|website|web|password|hash|token|secret|salt|picture|photo|image|avatar|logo|note|notes|comment|comments|remark|remarks|description|fulltext|body|content|path|file|postal|zip|postcode|ip|uuid|guid|extension|username|login|feature|features)\b/;
/** Parts of a person's name; grouped by only as the entity of a person table. */
export const NAME_PART =
  /^(first|last|middle|given|family|sur|contact)( name)?$|^(firstname|lastname|surname|fname|lname)$/;

export const isNumeric = (c: TIntrospectedColumn): boolean =>
  c.kind === 'integer' || c.kind === 'decimal' || c.kind === 'float';
export const isTime = (c: TIntrospectedColumn): boolean => c.kind === 'date' || c.kind === 'timestamp';
export const isAudit = (c: TIntrospectedColumn): boolean => isTime(c) && AUDIT.test(words(c.name));

/** The column naming a table's rows, if any: name, title, company name, last name, number … */
export function findNamingColumn(info: TTableInfo, keys: Set<string>): TIntrospectedColumn | null {
  const t = info.table;
  const text = t.columns.filter((c) => c.kind === 'text' && !keys.has(c.name));
  const entity = info.entity;
  const last = entity.split(' ').at(-1)!;
  const w = (c: TIntrospectedColumn): string => words(c.name);
  const usable = text.filter((c) => !NOT_DIMENSION.test(w(c)) || /\bdescription\b/.test(w(c)));
  const hasPersonName = text.some((c) => NAME_PART.test(w(c)) && !/contact/.test(w(c)));
  const pick = (test: (x: string) => boolean): TIntrospectedColumn | null =>
    usable.find((c) => !NOT_DIMENSION.test(w(c)) && test(w(c))) ?? null;
  const numberOf = (x: string): boolean => {
    const m = /^(.+) (number|no|nr|num|code|ref|reference)$/.exec(x);
    return m !== null && (m[1] === entity || m[1] === last);
  };
  const lookup =
    t.columns.filter((c) => !isAudit(c) && !keys.has(c.name)).length === 1 ||
    t.columns.filter((c) => !isAudit(c)).length <= 3;
  return (
    pick(
      (x) => x === 'name' || x === `${entity} name` || x === `${last} name` || x === `${words(t.name)} name`,
    ) ??
    pick((x) => x === entity || x === last || x === words(t.name)) ??
    (hasPersonName ? null : pick((x) => x === 'title' || x === `${entity} title`)) ??
    pick((x) =>
      /^(company|full|display|business|organisation|organization|brand|trading) name$|^(fullname|company|label)$/.test(
        x,
      ),
    ) ??
    pick((x) => /^(last name|lastname|surname|family name)$/.test(x)) ??
    // Shape 2: a policy or an invoice is known by its number where it has no name (text or integer).
    pick(numberOf) ??
    t.columns.find((c) => c.kind === 'integer' && !keys.has(c.name) && numberOf(w(c))) ??
    (lookup
      ? (usable.find((c) => /^(.* )?(description|desc|label|title)$/.test(w(c)) && !NAME_PART.test(w(c))) ??
        null)
      : null)
  );
}
