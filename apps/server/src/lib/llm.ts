import { type TCard, type TSemanticQuery, ZSemanticQuery } from '@parley/contract';
import { escapeHtml } from '@parley/presenter';
import { z } from 'zod';

export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

/** What the model is told about the data source: names only, never data or SQL. */
export interface LlmVocabulary {
  measures: string[];
  dimensions: string[];
  timeDimensions: string[];
  today: string;
}

const SYSTEM = `You translate a business question into a JSON SemanticQuery. Answer with one JSON object only:
{"measures": string[], "dimensions": string[], "timeDimension"?: {"field": string, "grain"?: "day"|"week"|"month"|"quarter"|"year", "range": DateRange},
 "compare"?: "previous_period"|"previous_year", "filters": [{"field": string, "op": "in"|"not_in"|"gt"|"gte"|"lt"|"lte"|"between", "values": (string|number)[]}],
 "order"?: {"field": string, "dir": "asc"|"desc"}, "limit"?: number, "chart"?: "bar"|"line"|"area"|"pie"|"donut"}
DateRange is one of {"kind":"all"}, {"kind":"this","unit":U}, {"kind":"last","unit":U,"n":N}, {"kind":"to_date","unit":U}, {"kind":"year","year":Y},
{"kind":"quarter","year":Y,"quarter":Q}, {"kind":"month","year":Y,"month":M}, {"kind":"between","from":"YYYY-MM-DD","to":"YYYY-MM-DD"} with U in day|week|month|quarter|half|year.
Use only the field names listed. Never write SQL. If the question cannot be answered with these fields, answer {"unanswerable": true}.`;

/**
 * One chat-completions call that must answer a JSON object; null on any failure or timeout, so
 * every caller keeps its deterministic fallback.
 */
async function chatJson(config: LlmConfig, system: string, user: unknown): Promise<unknown | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs ?? 8000);
  try {
    const res = await fetch(`${config.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: JSON.stringify(user) },
        ],
      }),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content;
    return content ? JSON.parse(content.replace(/^```(json)?|```$/g, '')) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks the model for a SemanticQuery. Returns null on any failure or invalid answer, so the
 * deterministic parser stays the fallback; field names must exist in the model.
 */
export async function proposeSemanticQuery(
  config: LlmConfig,
  phrase: string,
  vocabulary: LlmVocabulary,
): Promise<TSemanticQuery | null> {
  const answer = await chatJson(config, SYSTEM, {
    question: phrase,
    today: vocabulary.today,
    fields: vocabulary,
  });
  const parsed = ZSemanticQuery.safeParse(answer);
  if (!parsed.success) return null;
  const known = new Set([...vocabulary.measures, ...vocabulary.dimensions, ...vocabulary.timeDimensions]);
  const q = parsed.data;
  const fields = [
    ...q.measures,
    ...q.dimensions,
    ...(q.timeDimension ? [q.timeDimension.field] : []),
    ...q.filters.map((f) => f.field),
  ];
  return fields.every((f) => known.has(f)) ? q : null;
}

const INSIGHTS_SYSTEM = `You read the result table of a business question and write at most 3 short insights a manager
would act on (one sentence each, plain text, no numbers that are not in the table). Answer {"insights": string[]}.`;

const ZInsights = z.object({ insights: z.array(z.string().min(1).max(400)).max(3) });

/** AI insights on a card's result (DESIGN §6: objects with a `context`), escaped; [] on any failure. */
export async function proposeInsights(
  config: LlmConfig,
  card: Pick<TCard, 'title' | 'columns' | 'table'>,
): Promise<{ context: string; text: string }[]> {
  const answer = await chatJson(config, INSIGHTS_SYSTEM, {
    title: card.title,
    columns: card.columns.map((c) => c.key),
    rows: card.table.slice(0, 30),
  });
  const parsed = ZInsights.safeParse(answer);
  if (!parsed.success) return [];
  return parsed.data.insights.map((text) => ({ context: 'llm', text: escapeHtml(text) }));
}

const NARRATE_SYSTEM = `You are a business analyst writing the executive summary of a report. Write 3 or 4 sentences in the
language given ("en" English, "tr" Turkish) about the computed facts you are sent. Use only numbers that appear in the
excerpts, written exactly as there; add no other number, date or percentage, and invent nothing.
Answer with one JSON object only: {"summary": string}.`;

const ZNarration = z.object({ summary: z.string().min(1).max(2000) });

/**
 * A report's executive summary narrated from its computed facts; null on any failure.
 * The caller checks every number of the answer against the facts before using it.
 */
export async function narrateFacts(
  config: LlmConfig,
  input: { language: string; business: string; facts: unknown; excerpts: string[] },
): Promise<string | null> {
  const answer = await chatJson(config, NARRATE_SYSTEM, {
    language: input.language === 'tr' ? 'tr' : 'en',
    business: input.business,
    facts: input.facts,
    excerpts: input.excerpts,
  });
  const parsed = ZNarration.safeParse(answer);
  return parsed.success ? parsed.data.summary.trim() : null;
}
