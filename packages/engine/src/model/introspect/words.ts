/**
 * Words step: one owner per phrase. A phrase two measures (or two dimensions) could claim goes
 * to the one serving the bigger tables (own words count ten times a synonym); an even tie names
 * no one. Each field then takes its first free label it owns (else its first free one, else one
 * qualified by its name) and keeps as synonyms the phrases it owns. Dimensions whose words a
 * measure shares are also said "by …" and "per …".
 */
import type { TDimension, TMeasure } from '../semantic-model';
import type { TFieldKind, TIntrospectContext, TPhraseOwner } from './context';
import { phraseKey } from './text';

/** Gives every phrase its owner, then labels and synonyms to every visible field. */
export function settleWords(ctx: TIntrospectContext): void {
  const owner = resolveOwners(ctx);
  const owns = (kind: TFieldKind, fieldName: string, phrase: string): boolean =>
    owner.get(`${kind}:${phraseKey(phrase)}`) === fieldName;
  const usedLabels = new Set<string>();
  const finish = (kind: TFieldKind, field: TMeasure | TDimension): void => {
    const id = `${kind}:${field.name}`;
    const choices = ctx.labelChoices.get(id) ?? [field.label];
    const label =
      choices.find((l) => owns(kind, field.name, l) && !usedLabels.has(l.toLowerCase())) ??
      choices.find((l) => !usedLabels.has(l.toLowerCase())) ??
      `${choices.at(-1)} (${field.name})`;
    usedLabels.add(label.toLowerCase());
    field.label = label;
    const synonyms = new Set<string>();
    for (const p of ctx.phrases.get(id) ?? []) {
      if (p.phrase.toLowerCase() !== label.toLowerCase() && owns(kind, field.name, p.phrase))
        synonyms.add(p.phrase);
    }
    field.synonyms = [...synonyms];
  };
  for (const m of ctx.model.measures) if (m.kind !== 'aggregate' || !m.hidden) finish('measure', m);
  for (const d of ctx.model.dimensions) finish('dimension', d);
  addByPhrases(ctx, owner);
}

/** `<kind>:<phrase key>` → the field owning it: the field on the bigger tables, own words first. */
function resolveOwners(ctx: TIntrospectContext): Map<string, string> {
  const owner = new Map<string, string>();
  for (const [key, list] of ctx.claims) {
    for (const kind of ['measure', 'dimension'] as const) {
      const mine = list.filter((o) => o.kind === kind);
      if (mine.length === 0) continue;
      // The field's own words count ten times a business synonym; then the bigger tables win.
      const score = (o: TPhraseOwner): number => o.weight * (o.tier === 0 ? 10 : 1);
      const best = [...mine].sort((a, b) => score(b) - score(a))[0];
      const rivals = mine.filter((o) => score(o) === score(best));
      // "loan amount(s)" in table loan_amount: the column's amount, not the count of its rows.
      const columns = rivals.filter((o) => !o.name.endsWith('.count'));
      const winner =
        rivals.length === 1 ? best : kind === 'measure' && columns.length === 1 ? columns[0] : null;
      // An even tie names no one: the fields keep their qualified names.
      if (winner) owner.set(`${kind}:${key}`, winner.name);
    }
  }
  return owner;
}

/**
 * "products by supplier": where a measure shares a dimension's words, "by supplier" names the
 * dimension (a breakdown, as "by" says); so does "by film category" when "by film" would be
 * taken first. ("Top 5 cities by customers" then needs "by number of customers".)
 */
function addByPhrases(ctx: TIntrospectContext, owner: Map<string, string>): void {
  const { dimensions } = ctx.model;
  // A table's own key has one row per value: "per customer" there is an average, not a breakdown.
  const isRowKey = (d: TDimension): boolean =>
    ctx.model.tables.some(
      (t) =>
        t.name === d.sources[0].table && t.primaryKey.length === 1 && t.primaryKey[0] === d.sources[0].column,
    );
  const shared = new Set<string>();
  for (const d of dimensions)
    for (const p of [d.label, ...d.synonyms])
      if (owner.has(`measure:${phraseKey(p)}`)) shared.add(phraseKey(p));
  const startsShared = (p: string): boolean => {
    const parts = phraseKey(p).split(' ');
    return parts.some((_, i) => shared.has(parts.slice(0, i + 1).join(' ')));
  };
  for (const d of dimensions) {
    const extra = [d.label, ...d.synonyms]
      .filter(startsShared)
      .flatMap((p) => [`by ${p.toLowerCase()}`, ...(isRowKey(d) ? [] : [`per ${p.toLowerCase()}`])]);
    d.synonyms = [...new Set([...d.synonyms, ...extra])];
  }
}
