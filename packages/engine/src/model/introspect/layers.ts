/**
 * A pipeline's layers (dbt's raw_ seeds, stg_ views, int_ models): a raw or staging copy never
 * wins a word its final table has, but where no final table holds the entity (dbt's jaffle shop
 * keeps payments only in raw_payments and stg_payments), the most refined layer is the one people
 * mean: "payments", "payment amount" reach stg_payments, not the seed in cents.
 */
import type { TFieldKind, TIntrospectContext, TPhrase } from './context';
import { offer } from './context';
import { STAGING } from './measures';
import { phraseKey, singular, words } from './text';

/** How refined a layer is: seeds and sources first, then staging, then intermediate models. */
const RANK: Record<string, number> = {
  raw: 1,
  src: 1,
  source: 1,
  base: 2,
  stg: 2,
  staging: 2,
  tmp: 2,
  temp: 2,
  int: 3,
};

/** Offers each layer copy's words without its prefix, weighed by the layer, when no final table has them. */
export function addLayerWords(ctx: TIntrospectContext): void {
  const finals = new Set(
    ctx.infos.filter((i) => !STAGING.test(i.table.name)).map((i) => phraseKey(i.entity)),
  );
  for (const info of ctx.infos) {
    const m = STAGING.exec(info.table.name);
    if (!m) continue;
    const bare = singular(words(info.table.name.slice(m[0].length)));
    if (!bare || finals.has(phraseKey(bare))) continue;
    const prefix = new RegExp(`(^| )${words(m[1])} (?=${bare.split(' ')[0]})`, 'i');
    const strip = (s: string): string => s.replace(prefix, '$1');
    const weight = RANK[m[1].toLowerCase()] ?? 1;
    const fields = [...ctx.phrases.entries()].filter(([id]) =>
      id.split(':')[1].startsWith(`${info.table.name}.`),
    );
    for (const [id, phrases] of fields) {
      const [kind, name] = [id.slice(0, id.indexOf(':')) as TFieldKind, id.slice(id.indexOf(':') + 1)];
      const extra: TPhrase[] = phrases
        .filter((p) => prefix.test(p.phrase))
        .map((p) => ({ ...p, phrase: strip(p.phrase) }));
      offer(ctx, kind, name, weight, extra);
      const labels = ctx.labelChoices.get(id);
      if (labels) ctx.labelChoices.set(id, [...new Set([...labels.map(strip), ...labels])]);
    }
  }
}
