import { ZSemanticQuery } from './semantic';
import { z } from './zod';

/**
 * The model behind a data source's answers (DESIGN §12): the introspected model with its owner's
 * overlay applied. The overlay is the owner's edits, keyed by stable table, column and field names,
 * so a re-introspection keeps them; an edit whose table or column is gone is disabled and listed.
 */

const ZName = z.string().trim().min(1, 'is required').max(200);
const ZLabel = z.string().trim().min(1, 'is required').max(200);
const ZWords = z.array(z.string().trim().min(1).max(100)).max(50);

export const MODEL_FORMATS = ['number', 'currency', 'percent'] as const;
export const MODEL_AGGREGATIONS = ['sum', 'avg', 'min', 'max', 'count', 'count_distinct'] as const;

/** A column of a table, as an overlay names it. */
const ZColumnRef = z.object({ table: ZName, column: ZName });

/** An expression over one table's columns: a column, a number, arithmetic, or the time between two dates. */
export type TOverlayExpr =
  | { column: string }
  | { num: number }
  | { op: '+' | '-' | '*' | '/'; left: TOverlayExpr; right: TOverlayExpr }
  | { span: 'day' | 'hour'; from: TOverlayExpr; to: TOverlayExpr };
export const ZOverlayExpr: z.ZodType<TOverlayExpr> = z.lazy(() =>
  z.union([
    z.object({ column: ZName }),
    z.object({ num: z.number().finite() }),
    z.object({ op: z.enum(['+', '-', '*', '/']), left: ZOverlayExpr, right: ZOverlayExpr }),
    z.object({ span: z.enum(['day', 'hour']), from: ZOverlayExpr, to: ZOverlayExpr }),
  ]),
);

/** Edits of a field the model already has (introspected, or defined in the overlay). */
export const ZFieldEdit = z.object({
  label: ZLabel.optional(),
  description: z.string().trim().max(1000).optional(),
  hidden: z.boolean().optional(),
  /** Replaces the field's synonyms. */
  synonyms: ZWords.optional(),
  /** Measures only. */
  format: z.enum(MODEL_FORMATS).optional(),
  /** Measures only: ISO 4217 code of a currency measure ("EUR"). */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'a currency is a three-letter code such as EUR')
    .optional(),
  /** Measures only: the time dimension the measure's periods are read by (null: none). */
  time: ZName.nullable().optional(),
});
export type TFieldEdit = z.infer<typeof ZFieldEdit>;

/** A measure the owner defines (or redefines, by an existing name) over one table. */
export const ZOverlayAggregate = z.object({
  kind: z.literal('aggregate'),
  name: ZName,
  label: ZLabel,
  description: z.string().trim().max(1000).optional(),
  synonyms: ZWords.default([]),
  format: z.enum(MODEL_FORMATS).default('number'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  table: ZName,
  agg: z.enum(MODEL_AGGREGATIONS),
  /** Absent only for `count` (rows). */
  expr: ZOverlayExpr.optional(),
  /** Only rows whose column has one of these values (on the measure's table or one it joins). */
  where: z
    .array(ZColumnRef.extend({ values: z.array(z.string().max(500)).min(1).max(200) }))
    .max(10)
    .default([]),
  /** Only rows that have a related row in `table` (a subtype, a marker): its `columns` match `refColumns`. */
  exists: z
    .object({
      table: ZName,
      columns: z.array(ZName).min(1).max(5),
      refColumns: z.array(ZName).min(1).max(5),
    })
    .optional(),
  /** The time dimension its periods are read by; absent: the table's first date column. */
  time: ZName.nullable().optional(),
});
export type TOverlayAggregate = z.infer<typeof ZOverlayAggregate>;

/** A metric of two other measures, computed after each is aggregated: a ratio, or a sum, difference or product. */
export const ZOverlayMetric = z.object({
  kind: z.literal('metric'),
  name: ZName,
  label: ZLabel,
  description: z.string().trim().max(1000).optional(),
  synonyms: ZWords.default([]),
  format: z.enum(MODEL_FORMATS).default('number'),
  op: z.enum(['/', '+', '-', '*']),
  left: ZName,
  right: ZName,
});
export type TOverlayMetric = z.infer<typeof ZOverlayMetric>;

export const ZOverlayMeasure = z.discriminatedUnion('kind', [ZOverlayAggregate, ZOverlayMetric]);
export type TOverlayMeasure = z.infer<typeof ZOverlayMeasure>;

/** A column made a dimension ("group by the agent code"). */
export const ZOverlayDimension = ZColumnRef.extend({
  name: ZName,
  label: ZLabel,
  synonyms: ZWords.default([]),
});
export type TOverlayDimension = z.infer<typeof ZOverlayDimension>;

/** A value of a dimension: its label ("AG" → "Agent") and other words for it. */
export const ZValueEdit = z.object({
  dimension: ZName,
  value: z.string().max(500),
  label: z.string().trim().min(1).max(200).optional(),
  synonyms: ZWords.default([]),
});
export type TValueEdit = z.infer<typeof ZValueEdit>;

/** A many-to-one join: every `from` row has at most one `to` row. */
export const ZOverlayJoin = z.object({
  from: ZName,
  fromColumns: z.array(ZName).min(1).max(5),
  to: ZName,
  toColumns: z.array(ZName).min(1).max(5),
});
export type TOverlayJoin = z.infer<typeof ZOverlayJoin>;

export const ZModelOverlay = z.object({
  /** Table labels. */
  tables: z.record(ZName, z.object({ label: ZLabel })).default({}),
  /** Edits of existing measures, dimensions and time dimensions, by field name. */
  fields: z.record(ZName, ZFieldEdit).default({}),
  measures: z.array(ZOverlayMeasure).max(500).default([]),
  dimensions: z.array(ZOverlayDimension).max(500).default([]),
  values: z.array(ZValueEdit).max(2000).default([]),
  joins: z
    .object({
      add: z.array(ZOverlayJoin).max(200).default([]),
      /** Introspected joins taken away, by their two tables. */
      remove: z
        .array(z.object({ from: ZName, to: ZName }))
        .max(200)
        .default([]),
    })
    .default({ add: [], remove: [] }),
});
export type TModelOverlay = z.infer<typeof ZModelOverlay>;
export type TModelOverlayInput = z.input<typeof ZModelOverlay>;

export const EMPTY_OVERLAY: TModelOverlay = {
  tables: {},
  fields: {},
  measures: [],
  dimensions: [],
  values: [],
  joins: { add: [], remove: [] },
};

/** An edit the current schema cannot hold (its table or column is gone): kept, not applied. */
export const ZDisabledEdit = z.object({
  /** Where in the overlay: `fields.Revenue`, `measures.net_revenue`, `joins.add.orders→customers`. */
  path: z.string(),
  reason: z.string(),
});
export type TDisabledEdit = z.infer<typeof ZDisabledEdit>;

/** GET /api/v1/datasource/{id}/model (DESIGN §12), with what the editor needs besides. */
export const ZModelView = z.object({
  version: z.number().int().nonnegative(),
  measures: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      synonyms: z.array(z.string()),
      format: z.string(),
      kind: z.string(),
      description: z.string().optional(),
      table: z.string().optional(),
      time: z.string().nullable().optional(),
      hidden: z.boolean().optional(),
      currency: z.string().optional(),
      /** From the owner's overlay (defined or edited), not only introspected. */
      edited: z.boolean().optional(),
    }),
  ),
  dimensions: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      synonyms: z.array(z.string()),
      values: z.array(z.string()).optional(),
      valueLabels: z.record(z.string(), z.string()).optional(),
      table: z.string().optional(),
      hidden: z.boolean().optional(),
      edited: z.boolean().optional(),
    }),
  ),
  timeDimensions: z.array(z.object({ name: z.string(), label: z.string(), table: z.string().optional() })),
  tables: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      /** The table's columns with a few sample values, for the editor's pickers. */
      columns: z
        .array(z.object({ name: z.string(), type: z.string(), samples: z.array(z.string()).optional() }))
        .optional(),
    }),
  ),
  joins: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      fromColumns: z.array(z.string()).optional(),
      toColumns: z.array(z.string()).optional(),
    }),
  ),
  /** The owner's edits as stored (what the editor changes and saves). */
  overlay: ZModelOverlay.optional(),
  disabled: z.array(ZDisabledEdit).optional(),
});
export type TModelView = z.infer<typeof ZModelView>;

export const ZModelParams = z.object({ id: z.string().trim().min(1).max(100) });

/** PUT /api/v1/datasource/{id}/model: saves the overlay as a new version. */
export const ZSaveModelBody = z.object({
  overlay: ZModelOverlay,
  /** The version the edit started from: another save meanwhile → 409. */
  base_version: z.number().int().nonnegative().optional(),
  /** Save even though verified questions break (after the impact preview). */
  confirm: z.boolean().optional(),
});
export type TSaveModelBody = z.input<typeof ZSaveModelBody>;

/** A verified question a model change breaks, and why. */
export const ZBrokenCheck = z.object({ id: z.string(), phrase: z.string(), reason: z.string() });
export type TBrokenCheck = z.infer<typeof ZBrokenCheck>;

/** POST /api/v1/datasource/{id}/model/preview: the impact of saving `overlay`. */
export const ZModelPreviewBody = z.object({ overlay: ZModelOverlay });
export const ZModelPreview = z.object({ broken: z.array(ZBrokenCheck), disabled: z.array(ZDisabledEdit) });
export type TModelPreview = z.infer<typeof ZModelPreview>;

export const ZModelVersions = z.array(
  z.object({
    version: z.number().int(),
    author: z.string(),
    created_at: z.string(),
    summary: z.string(),
    /** What changed against the version before, one line per change ("+ measure Net revenue"). */
    changes: z.array(z.string()).optional(),
  }),
);
export type TModelVersions = z.infer<typeof ZModelVersions>;
export const ZModelVersionParams = ZModelParams.extend({ version: z.coerce.number().int().nonnegative() });

/** POST /api/v1/datasource/{id}/model/dbt. */
export const ZDbtImportBody = z.object({
  files: z
    .array(z.object({ name: z.string().trim().min(1).max(300), content: z.string().max(2_000_000) }))
    .min(1, 'Choose at least one YAML file of the dbt project.')
    .max(200),
});
export const DBT_ITEM_KINDS = ['semantic_model', 'entity', 'dimension', 'measure', 'metric'] as const;
export const ZDbtImportResult = z.object({
  version: z.number().int(),
  mapped: z.array(z.object({ kind: z.enum(DBT_ITEM_KINDS), name: z.string() })),
  unmapped: z.array(z.object({ kind: z.enum(DBT_ITEM_KINDS), name: z.string(), reason: z.string() })),
});
export type TDbtImportResult = z.infer<typeof ZDbtImportResult>;

/** POST /api/v1/datasource/{id}/model/try: how a phrase is read, with a draft overlay when given. */
export const ZTryPhraseBody = z.object({
  phrase: z.string().trim().min(1, 'Please type a question.').max(500),
  overlay: ZModelOverlay.optional(),
});
export const ZTryPhraseResult = z.object({
  /** The engine's reading, or null when it would ask back. */
  query: ZSemanticQuery.nullable(),
  /** The question back's text when it would ask. */
  text: z.string().optional(),
});
export type TTryPhraseResult = z.infer<typeof ZTryPhraseResult>;

/** A verified question (DESIGN §12): phrases pinned to a query, re-checked as the source's golden checks. */
export const ZVerifiedQuestion = z.object({
  id: z.string(),
  phrases: z.array(z.string()),
  query: ZSemanticQuery,
  author: z.string(),
  created_at: z.string(),
  status: z.enum(['ok', 'broken']),
  checked_at: z.string().nullable(),
  /** Why the last check failed. */
  reason: z.string().optional(),
});
export type TVerifiedQuestion = z.infer<typeof ZVerifiedQuestion>;
export const ZVerifiedQuestions = z.array(ZVerifiedQuestion);

export const ZVerifyBody = z.object({
  phrases: z.array(z.string().trim().min(1).max(500)).min(1, 'Give at least one phrase.').max(20),
  query: ZSemanticQuery.optional(),
});
export type TVerifyBody = z.infer<typeof ZVerifyBody>;
export const ZVerifiedParams = ZModelParams.extend({ vid: z.string().trim().min(1).max(100) });

/** POST /features/synonyms: "Remember this" after a chip change — a word taught by hand. */
export const ZTeachWordBody = z.object({
  datasource_id: z.string().trim().min(1).max(100),
  word: z.string().trim().min(1, 'is required').max(100),
  target: z.discriminatedUnion('type', [
    z.object({ type: z.literal('measure'), name: ZName }),
    z.object({ type: z.literal('dimension'), name: ZName }),
    z.object({ type: z.literal('value'), dimension: ZName, value: z.string().max(500) }),
    z.object({ type: z.literal('time'), name: ZName }),
  ]),
});
export type TTeachWordBody = z.infer<typeof ZTeachWordBody>;

/** GET /features/notifications (DESIGN §12); the only kind so far is a broken verified question. */
export const ZNotifications = z.object({
  unread: z.number().int(),
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      title: z.string(),
      text: z.string(),
      created_at: z.string(),
      read: z.boolean(),
      link: z.string().nullable(),
    }),
  ),
});
export type TNotifications = z.infer<typeof ZNotifications>;
export const ZNotificationsQuery = z.object({ before: z.string().max(40).optional() });
export const ZReadNotificationsBody = z.union([
  z.object({ ids: z.array(z.string().max(100)).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export const ZUnread = z.object({ unread: z.number().int() });
