import { type TSemanticQuery, ZSemanticQuery } from '@parley/contract';

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
 * Asks an OpenAI-compatible chat-completions endpoint for a SemanticQuery. Returns null on any
 * failure, timeout or invalid answer, so the deterministic parser stays the fallback.
 */
export async function proposeSemanticQuery(
  config: LlmConfig,
  phrase: string,
  vocabulary: LlmVocabulary,
): Promise<TSemanticQuery | null> {
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
          { role: 'system', content: SYSTEM },
          {
            role: 'user',
            content: JSON.stringify({ question: phrase, today: vocabulary.today, fields: vocabulary }),
          },
        ],
      }),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (!content) return null;
    const parsed = ZSemanticQuery.safeParse(JSON.parse(content.replace(/^```(json)?|```$/g, '')));
    if (!parsed.success) return null;
    // Field names must exist in the model: the model may not invent them.
    const known = new Set([...vocabulary.measures, ...vocabulary.dimensions, ...vocabulary.timeDimensions]);
    const q = parsed.data;
    const fields = [
      ...q.measures,
      ...q.dimensions,
      ...(q.timeDimension ? [q.timeDimension.field] : []),
      ...q.filters.map((f) => f.field),
    ];
    return fields.every((f) => known.has(f)) ? q : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
