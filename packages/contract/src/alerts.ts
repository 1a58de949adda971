/**
 * Alerts (DESIGN §12, issue 34): a card's query re-run on a schedule with one condition; when it
 * fires, a notification (in-app, e-mail, a linked Teams chat) carrying the why. The calls are
 * fixed by DESIGN §12: GET/POST/PUT/DELETE /features/alerts (DELETE and PUT name the alert by `id`).
 */
import { ZSourceId } from './datasources';
import { ZEmpty } from './errors';
import { ZSemanticQuery } from './semantic';
import { z } from './zod';

export const ALERT_CONDITION_KINDS = ['threshold', 'change', 'outside_forecast'] as const;
export const ALERT_OPS = ['above', 'below', 'up', 'down', 'either'] as const;
export const ALERT_SCHEDULES = ['hourly', 'daily', 'weekly', 'monthly', 'on_sync'] as const;
export type AlertSchedule = (typeof ALERT_SCHEDULES)[number];

/**
 * One condition. threshold: `op` above|below `value`. change: `op` up|down|either by `value` in
 * `unit` (percent|amount) `against` the previous period or the same period last year.
 * outside_forecast: outside the seasonal forecast's band, `band` widening (> 1) or narrowing it.
 * On a grouped card the condition is met by any group (the fired notice names them).
 */
export const ZAlertCondition = z
  .object({
    kind: z.enum(ALERT_CONDITION_KINDS),
    op: z.enum(ALERT_OPS).optional(),
    value: z.number({ message: 'value must be a number' }).finite().optional(),
    unit: z.enum(['percent', 'amount']).optional(),
    against: z.enum(['previous_period', 'same_period_last_year']).optional(),
    band: z.number().min(0.25).max(4).optional(),
  })
  .superRefine((c, ctx) => {
    const need = (ok: boolean, message: string) => ok || ctx.addIssue({ code: 'custom', message });
    if (c.kind === 'threshold') {
      need(c.op === 'above' || c.op === 'below', 'A threshold is above or below a value.');
      need(c.value !== undefined, 'A threshold needs a value.');
    }
    if (c.kind === 'change') {
      need(c.op === 'up' || c.op === 'down' || c.op === 'either', 'A change is up, down or either.');
      need(c.value !== undefined && c.value >= 0, 'A change needs a size of 0 or more.');
    }
  });
export type TAlertCondition = z.infer<typeof ZAlertCondition>;

export const ZAlert = z.object({
  id: z.string(),
  phrase: z.string(),
  datasource_id: z.string(),
  query: ZSemanticQuery,
  condition: ZAlertCondition,
  schedule: z.enum(ALERT_SCHEDULES),
  paused: z.boolean(),
  snoozed_until: z.string().nullable(),
  last_fired_at: z.string().nullable(),
});
export type TAlert = z.infer<typeof ZAlert>;
export const ZAlerts = z.array(ZAlert);

/** POST /features/alerts: from a card (its phrase, source and query). */
export const ZAlertBody = z.object({
  phrase: z.string().trim().min(1).max(500),
  datasource_id: ZSourceId,
  query: ZSemanticQuery,
  condition: ZAlertCondition,
  schedule: z.enum(ALERT_SCHEDULES),
});
export type TAlertBody = z.infer<typeof ZAlertBody>;

/** PUT /features/alerts: the alert by `id`; only the fields given change. */
export const ZAlertUpdateBody = z.object({
  id: z.string().uuid('id must be the id of an alert'),
  condition: ZAlertCondition.optional(),
  schedule: z.enum(ALERT_SCHEDULES).optional(),
  paused: z.boolean().optional(),
  /** Snoozed until then (ISO), or null to wake it. */
  snoozed_until: z.iso.datetime().nullable().optional(),
});
export type TAlertUpdateBody = z.infer<typeof ZAlertUpdateBody>;

export const ZAlertIdQuery = z.object({ id: z.string().uuid('id must be the id of an alert') });

/** The alert calls (DESIGN §12), gathered into endpoints.ts. */
export const alertEndpoints = {
  'GET /features/alerts': { tag: 'alerts', response: ZAlerts },
  'POST /features/alerts': { tag: 'alerts', body: ZAlertBody, response: ZAlert },
  'PUT /features/alerts': { tag: 'alerts', body: ZAlertUpdateBody, response: ZAlert },
  'DELETE /features/alerts': { tag: 'alerts', query: ZAlertIdQuery, response: ZEmpty },
  // the alert mail's one-click mute link: works without a session (the signed token), answers a page
  'GET /features/alerts/mute': {
    tag: 'alerts',
    public: true,
    query: z.object({ token: z.string().min(1).max(200) }),
    response: null,
  },
} as const;
