/** The catalogue tools' results: sources, a model's fields, collections and their cards, as assistants read them. */
import type { TCollection, TCollectionResponse, TCredentials, TModelView } from '@parley/contract';
import { z } from 'zod';
import { HOW_TO_CHOOSE, mcpCard, plainText, ZMcpAskBack, ZMcpCard } from './mcp-card';

/** Values of a dimension listed at most: enough to name a filter, bounded for the context window. */
const MAX_VALUES = 50;

export const ZSourcesOut = z.object({
  sources: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      default: z.boolean(),
      active: z.boolean(),
    }),
  ),
});

export function sourcesOf(credentials: TCredentials): z.infer<typeof ZSourcesOut> {
  return {
    sources: Object.entries(credentials).map(([id, c]) => ({
      id,
      name: c.name,
      type: c.type,
      default: c.default,
      active: c.active && !c.revoked,
    })),
  };
}

export const ZMeasuresOut = z.object({
  datasource_id: z.string(),
  measures: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      synonyms: z.array(z.string()),
      format: z.string(),
      kind: z.string(),
      description: z.string().optional(),
    }),
  ),
  dimensions: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      synonyms: z.array(z.string()),
      values: z.array(z.string()).optional(),
    }),
  ),
  time_dimensions: z.array(z.object({ name: z.string(), label: z.string() })),
});

/** The model as GET /api/v1/datasource/{id}/model answers it, without what its owner hid. */
export function measuresOf(datasourceId: string, model: TModelView): z.infer<typeof ZMeasuresOut> {
  return {
    datasource_id: datasourceId,
    measures: model.measures
      .filter((m) => !m.hidden)
      .map((m) => ({
        name: m.name,
        label: m.label,
        synonyms: m.synonyms,
        format: m.format,
        kind: m.kind,
        ...(m.description ? { description: m.description } : {}),
      })),
    dimensions: model.dimensions
      .filter((d) => !d.hidden)
      .map((d) => ({
        name: d.name,
        label: d.label,
        synonyms: d.synonyms,
        ...(d.values ? { values: d.values.slice(0, MAX_VALUES) } : {}),
      })),
    time_dimensions: model.timeDimensions.map((t) => ({ name: t.name, label: t.label })),
  };
}

export const ZCollectionsOut = z.object({
  collections: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      schedule: z.string().nullable(),
      cards: z.array(z.object({ id: z.string(), phrase: z.string() })),
    }),
  ),
});

export const ZCollectionOut = z.object({
  id: z.string(),
  name: z.string(),
  cards: z.array(
    z.object({
      id: z.string(),
      phrase: z.string(),
      card: ZMcpCard.nullable(),
      ask_back: ZMcpAskBack.nullable(),
      /** Why this card has no result (its source deleted, inactive or unreachable), or a plain reply. */
      message: z.string().nullable(),
    }),
  ),
});

/** A collection's cards with their current results (POST /features/collections/query's answers). */
export function collectionResult(
  collection: TCollection,
  responses: TCollectionResponse[],
  baseUrl: string,
): z.infer<typeof ZCollectionOut> {
  return {
    id: collection.id,
    name: collection.name,
    cards: responses.map((r) => {
      const link = `${baseUrl}/collection/${encodeURIComponent(collection.id)}/${encodeURIComponent(r.question_id)}`;
      return {
        id: r.question_id,
        phrase: r.phrase,
        card: r.card ? mcpCard(r.card, link) : null,
        ask_back: r.prompt
          ? {
              question: plainText(r.text ?? r.prompt.title),
              choices: r.prompt.items.map((i) => ({ title: i.title, phrase: i.phrase })),
              how_to_choose: HOW_TO_CHOOSE,
            }
          : null,
        message: r.card ? null : plainText(r.message ?? r.text ?? '') || null,
      };
    }),
  };
}
