/**
 * Generates a semantic model for any SQL schema from its introspection (DESIGN §6). The rules
 * only read names, types, keys and sampled values — never the names of a particular schema. They
 * run as named steps over one shared context (`context.ts`), each in its own file:
 *
 * 1. tables — partitions fold into their parent; views of a schema that declares keys go.
 * 2. keys — each table's entity and primary key, declared or inferred from names.
 * 3. joins — references declared or inferred; link tables become bridges, tables of references
 *    and dates (memberships) are crossed; text inside a composite key is data; tables are weighed.
 * 4. time — date columns, and each table's default (event) date.
 * 5. measures — counts, sums and averages, a line table's revenue and its header's value,
 *    durations between a start and an end date, a subtype (marker) table's share of its parent.
 *    History tables (validity.ts: rows valid from one date to another) mark their measures and
 *    count their versioned entity among the rows valid on the reading day.
 * 6. dimensions — naming columns, categories, flags and years, and their values; then roles
 *    (roles.ts): a role-named reference ("sales rep") and each role of a link table ("tenant").
 *    A pipeline's staging copy is said without its prefix where no final table has its words (layers.ts).
 * 7. words — labels humanised, business synonyms, and one owner per phrase.
 *
 * A new rule goes in the step it belongs to; a new step reads and writes the context.
 */
import type { TIntrospection } from '../introspection';
import type { TSemanticModel } from '../semantic-model';
import { createContext } from './context';
import { addDimensions } from './dimensions';
import { addJoins, weighTables } from './joins';
import { readKeys } from './keys';
import { addLayerWords } from './layers';
import { addMeasures } from './measures';
import { addRoles } from './roles';
import { readTables } from './tables';
import { addTimeDimensions } from './time';
import { markValidity, readValidity } from './validity';
import { settleWords } from './words';

/** A semantic model for an introspected schema. */
export function generateModel(introspection: TIntrospection, name = 'generated'): TSemanticModel {
  const ctx = createContext(name);
  readKeys(ctx, readTables(introspection));
  addJoins(ctx);
  addTimeDimensions(ctx);
  weighTables(ctx);
  readValidity(ctx);
  addMeasures(ctx);
  markValidity(ctx);
  addDimensions(ctx);
  addRoles(ctx);
  addLayerWords(ctx);
  settleWords(ctx);
  return ctx.model;
}
