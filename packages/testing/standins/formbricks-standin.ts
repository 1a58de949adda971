/**
 * A local stand-in for Formbricks' management API (v1), on 127.0.0.1, backed by in-memory
 * fixtures: two surveys and a few hundred generated responses. Written from Formbricks' own
 * source, as strict as the real API:
 *
 * - https://github.com/formbricks/formbricks/blob/main/apps/web/app/api/v1/management/me/route.ts —
 *   `GET /api/v1/management/me` with `x-api-key` answers the key's environment
 *   `{ id, type, createdAt, updatedAt, widgetSetupCompleted, project: { id, name } }` (not enveloped).
 * - …/api/v1/management/surveys/route.ts — `GET /api/v1/management/surveys?limit=&offset=` → `{ data: TSurvey[] }`
 *   (each with its `questions`); …/surveys/[surveyId]/route.ts → `{ data: TSurvey }`.
 * - …/api/v1/management/responses/route.ts — `GET /api/v1/management/responses?surveyId=&limit=&skip=`
 *   → `{ data: TResponse[] }`, newest first (`createdAt` descending); an unknown survey → 404.
 * - https://github.com/formbricks/formbricks/blob/main/apps/web/app/lib/api/response.ts — the
 *   envelopes: `{ data }` for success, `{ code, message, details }` for errors: 401
 *   `not_authenticated` ("Not authenticated", details `x-Api-Key`), 404 `not_found` ("Survey not
 *   found", details resource_id/resource_type), 400 `bad_request`, 429 `too_many_requests`.
 * - https://glama.ai/mcp/connectors/io.usefulapi/formbricks/tools/formbricks_list_responses —
 *   responses are paged by offset (`skip`) and `limit`.
 * Question types and answer values follow Formbricks' survey types (`nps` 0–10, `rating` 1–range,
 * `multipleChoiceSingle` a label, `multipleChoiceMulti` a list of labels, `openText` text, `date`
 * 'YYYY-MM-DD'), headlines as i18n objects `{ default }`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';

export interface TFormbricksQuestion {
  id: string;
  type: 'nps' | 'rating' | 'multipleChoiceSingle' | 'multipleChoiceMulti' | 'openText' | 'date';
  headline: { default: string };
  required: boolean;
  range?: number;
  scale?: 'number' | 'star' | 'smiley';
  choices?: { id: string; label: { default: string } }[];
}

export interface TFormbricksSurvey {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  environmentId: string;
  type: 'link';
  status: 'inProgress' | 'completed';
  questions: TFormbricksQuestion[];
}

export interface TFormbricksResponse {
  id: string;
  createdAt: string;
  updatedAt: string;
  surveyId: string;
  finished: boolean;
  data: Record<string, string | number | string[]>;
  meta: Record<string, unknown>;
  ttc: Record<string, number>;
  variables: Record<string, unknown>;
  tags: unknown[];
  notes: unknown[];
  language: string;
  contact: null;
  contactAttributes: null;
  singleUseId: null;
  displayId: null;
  endingId: null;
}

export interface FormbricksStandIn {
  /** The `api_host` of a Formbricks source: http://127.0.0.1:<port> */
  apiHost: string;
  apiKey: string;
  surveys: TFormbricksSurvey[];
  /** The responses of a survey (the fixtures the numbers are checked against). */
  responses(surveyId: string): TFormbricksResponse[];
  /** Adds a response (newest), as a respondent would. */
  addResponse(response: TFormbricksResponse): void;
  /** Answers the next `count` requests with 429. */
  throttle(count: number): void;
  /** Request paths received so far. */
  requests: string[];
  close(): Promise<void>;
}

const ENVIRONMENT_ID = 'clenv0prod000000000000001';
const choice = (id: string, label: string) => ({ id, label: { default: label } });
const cuid = (prefix: string, n: number) => `${prefix}${String(n).padStart(20, '0')}`;

/** The fixture surveys: product feedback (every question type) and a small onboarding poll. */
export const FORMBRICKS_SURVEYS: TFormbricksSurvey[] = [
  {
    id: 'clsurveyfeedback00000001',
    name: 'Product feedback',
    createdAt: '2026-05-01T08:00:00.000Z',
    updatedAt: '2026-05-02T08:00:00.000Z',
    environmentId: ENVIRONMENT_ID,
    type: 'link',
    status: 'inProgress',
    questions: [
      {
        id: 'recommend',
        type: 'nps',
        headline: { default: 'How likely are you to recommend us to a friend?' },
        required: true,
      },
      {
        id: 'satisfaction',
        type: 'rating',
        headline: { default: 'Satisfaction' },
        required: true,
        range: 5,
        scale: 'star',
      },
      {
        id: 'plan',
        type: 'multipleChoiceSingle',
        headline: { default: 'Plan' },
        required: false,
        choices: [choice('free', 'Free'), choice('pro', 'Pro'), choice('ent', 'Enterprise')],
      },
      {
        id: 'features',
        type: 'multipleChoiceMulti',
        headline: { default: 'Features used' },
        required: false,
        choices: [choice('dash', 'Dashboards'), choice('alerts', 'Alerts'), choice('exports', 'Exports')],
      },
      { id: 'comments', type: 'openText', headline: { default: 'Comments' }, required: false },
      { id: 'purchased', type: 'date', headline: { default: 'Purchase date' }, required: false },
    ],
  },
  {
    id: 'clsurveyonboarding000002',
    name: 'Onboarding poll',
    createdAt: '2026-09-01T08:00:00.000Z',
    updatedAt: '2026-09-01T08:00:00.000Z',
    environmentId: ENVIRONMENT_ID,
    type: 'link',
    status: 'inProgress',
    questions: [
      {
        id: 'ease',
        type: 'rating',
        headline: { default: 'Ease of setup' },
        required: true,
        range: 10,
        scale: 'number',
      },
    ],
  },
];

/** Deterministic responses: `count` for the feedback survey, from 2026-06-01 over 160 days. */
export function generateFormbricksResponses(count = 300): TFormbricksResponse[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const out: TFormbricksResponse[] = [];
  const start = Date.parse('2026-06-01T00:00:00.000Z');
  for (let i = 0; i < count; i++) {
    const created = new Date(
      start + Math.floor((i / count) * 160 * 86_400_000) + Math.floor(next() * 3_600_000),
    );
    const finished = next() > 0.1;
    const data: TFormbricksResponse['data'] = { recommend: Math.floor(next() * 11) };
    if (finished) {
      data.satisfaction = 1 + Math.floor(next() * 5);
      if (next() > 0.15) data.plan = pick(['Free', 'Pro', 'Enterprise']);
      const features = ['Dashboards', 'Alerts', 'Exports'].filter(() => next() > 0.5);
      if (features.length) data.features = features;
      if (next() > 0.6)
        data.comments = pick(['Great tool', 'Too slow', 'Love the charts', 'Needs more exports']);
      if (next() > 0.5)
        data.purchased = new Date(created.getTime() - Math.floor(next() * 90) * 86_400_000)
          .toISOString()
          .slice(0, 10);
    }
    out.push(response(cuid('clresp', i), FORMBRICKS_SURVEYS[0].id, created.toISOString(), finished, data));
  }
  for (let i = 0; i < 12; i++) {
    const created = new Date(Date.parse('2026-09-02T10:00:00.000Z') + i * 86_400_000).toISOString();
    out.push(response(cuid('clonbd', i), FORMBRICKS_SURVEYS[1].id, created, true, { ease: 3 + (i % 8) }));
  }
  return out;
}

/** One response as the API stores it. */
export function response(
  id: string,
  surveyId: string,
  createdAt: string,
  finished: boolean,
  data: TFormbricksResponse['data'],
): TFormbricksResponse {
  return {
    id,
    createdAt,
    updatedAt: createdAt,
    surveyId,
    finished,
    data,
    meta: { source: 'link', userAgent: { browser: 'Chrome', os: 'Linux', device: 'desktop' }, country: 'DE' },
    ttc: {},
    variables: {},
    tags: [],
    notes: [],
    language: 'default',
    contact: null,
    contactAttributes: null,
    singleUseId: null,
    displayId: null,
    endingId: null,
  };
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'private, no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
};

const error = (code: string, message: string, details: Record<string, unknown> = {}) => ({
  code,
  message,
  details,
});

/** Starts the stand-in with the fixture surveys and responses and a fresh API key. */
export async function startFormbricksStandIn(): Promise<FormbricksStandIn> {
  const apiKey = `fbk_${randomBytes(18).toString('base64url')}`;
  const all = generateFormbricksResponses();
  let throttled = 0;
  const requests: string[] = [];
  const integer = (value: string | null) =>
    value === null ? undefined : /^\d+$/.test(value) ? Number(value) : Number.NaN;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (throttled > 0) {
      throttled--;
      return send(
        res,
        429,
        error('too_many_requests', 'Maximum number of requests reached. Please try again later.'),
      );
    }
    if (req.method !== 'GET')
      return send(
        res,
        405,
        error('method_not_allowed', `The HTTP ${req.method} method is not supported by this route.`),
      );
    if (req.headers['x-api-key'] !== apiKey)
      return send(
        res,
        401,
        error('not_authenticated', 'Not authenticated', {
          'x-Api-Key': 'Header not provided or API Key invalid',
        }),
      );
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '/api/v1/management/me')
      return send(res, 200, {
        id: ENVIRONMENT_ID,
        type: 'production',
        createdAt: '2026-01-10T09:00:00.000Z',
        updatedAt: '2026-01-10T09:00:00.000Z',
        widgetSetupCompleted: false,
        project: { id: 'clproject0000000000000001', name: 'Parley test project' },
      });
    if (path === '/api/v1/management/surveys') {
      const limit = integer(url.searchParams.get('limit'));
      const offset = integer(url.searchParams.get('offset'));
      if (Number.isNaN(limit) || Number.isNaN(offset))
        return send(res, 400, error('bad_request', 'limit and offset must be non-negative integers'));
      const from = offset ?? 0;
      return send(res, 200, {
        data: FORMBRICKS_SURVEYS.slice(from, limit === undefined ? undefined : from + limit),
      });
    }
    const one = /^\/api\/v1\/management\/surveys\/([^/]+)$/.exec(path);
    if (one) {
      const survey = FORMBRICKS_SURVEYS.find((s) => s.id === one[1]);
      if (!survey)
        return send(
          res,
          404,
          error('not_found', 'Survey not found', { resource_id: one[1], resource_type: 'Survey' }),
        );
      return send(res, 200, { data: survey });
    }
    if (path === '/api/v1/management/responses') {
      const surveyId = url.searchParams.get('surveyId');
      const limit = integer(url.searchParams.get('limit'));
      const skip = integer(url.searchParams.get('skip'));
      if (Number.isNaN(limit) || Number.isNaN(skip))
        return send(res, 400, error('bad_request', 'limit and skip must be non-negative integers'));
      if (surveyId && !FORMBRICKS_SURVEYS.some((s) => s.id === surveyId))
        return send(
          res,
          404,
          error('not_found', 'Survey not found', { resource_id: surveyId, resource_type: 'Survey' }),
        );
      const rows = all
        .filter((r) => !surveyId || r.surveyId === surveyId)
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
      const from = skip ?? 0;
      return send(res, 200, { data: rows.slice(from, limit === undefined ? undefined : from + limit) });
    }
    return send(res, 404, error('not_found', 'Not found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    apiHost: `http://127.0.0.1:${port}`,
    apiKey,
    surveys: FORMBRICKS_SURVEYS,
    responses: (surveyId) => all.filter((r) => r.surveyId === surveyId),
    addResponse: (r) => {
      all.push(r);
    },
    throttle: (count) => {
      throttled = count;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
