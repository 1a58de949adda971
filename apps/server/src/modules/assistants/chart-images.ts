/**
 * Chart images for assistant channels (Alexa's Standard card, Teams' Adaptive Card): a signed,
 * expiring HTTPS link `PUBLIC_URL/assistants/charts/<token>.png` naming the owner and the answered
 * question, drawn on request like a digest's chart (ECharts SSR → PNG). The link is the only key
 * — cards are fetched by Amazon's and Microsoft's image proxies without a session — so it is
 * HMAC-signed, short-lived and names one card of one user.
 */
import { createHmac } from 'node:crypto';
import type { TCard } from '@parley/contract';
import { buildChartOption, chartViewType } from '@parley/presenter';
import { serverTexts } from '../../i18n';
import type { Actor } from '../../lib/access';
import { NotFound } from '../../lib/errors';
import { safeEqual } from '../../lib/tokens';
import { renderChartPng } from '../../mail/chart-image';

/** How long a chart link works: long enough to open the card in the app soon after asking. */
export const CHART_LINK_TTL_MS = 3600_000;
/** Alexa's large card image is 1200 × 800; drawn at 600 × 400 CSS pixels, twice as dense. */
export const ASSISTANT_CHART_SIZE = { width: 600, height: 400, scale: 2 } as const;

/** What signs and checks chart links: the base URL, a secret derived from SESSION_SECRET, the clock. */
export interface ChartLinkKeys {
  publicUrl: string;
  sessionSecret: string;
  clock: () => Date;
}

/** The keys of an app's configuration. */
export function chartLinkKeys(
  config: { PUBLIC_URL: string; SESSION_SECRET: string },
  clock: () => Date,
): ChartLinkKeys {
  return { publicUrl: config.PUBLIC_URL, sessionSecret: config.SESSION_SECRET, clock };
}

interface Claims {
  /** user, project, question (history item) id, expiry (ms), language */
  u: string;
  p: string;
  q: string;
  e: number;
  l: string;
}

const keyOf = (keys: ChartLinkKeys) =>
  createHmac('sha256', keys.sessionSecret).update('assistant-chart-images').digest();

const sign = (keys: ChartLinkKeys, payload: string) =>
  createHmac('sha256', keyOf(keys)).update(payload).digest('base64url');

/** The signed image link of an answered question's chart, valid for an hour. */
export function chartImageUrl(
  keys: ChartLinkKeys,
  owner: Pick<Actor, 'userId' | 'projectId' | 'language'>,
  questionId: string,
): string {
  const claims: Claims = {
    u: owner.userId,
    p: owner.projectId,
    q: questionId,
    e: keys.clock().getTime() + CHART_LINK_TTL_MS,
    l: owner.language,
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${keys.publicUrl.replace(/\/+$/, '')}/assistants/charts/${payload}.${sign(keys, payload)}.png`;
}

/** The claims of a link's file name (`<payload>.<signature>.png`); NotFound when tampered or expired. */
export function readChartToken(keys: ChartLinkKeys, file: string): Claims & { expiresAt: number } {
  const match = /^([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{43})\.png$/.exec(file);
  if (!match || !safeEqual(sign(keys, match[1]!), match[2]!)) throw new NotFound('No such chart.');
  let claims: Claims;
  try {
    claims = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
  } catch {
    throw new NotFound('No such chart.');
  }
  if (typeof claims.e !== 'number' || claims.e <= keys.clock().getTime())
    throw new NotFound('No such chart.');
  return { ...claims, expiresAt: claims.e };
}

/** The card's chart as the card shows it first, as a PNG; NotFound for a card without one. */
export function cardChartPng(card: TCard, language: string): Buffer {
  const spec = card.chart[0];
  if (!spec || card.table.length === 0) throw new NotFound('No such chart.');
  const t = serverTexts(language).digest;
  const option = buildChartOption({
    card,
    spec,
    view: chartViewType(spec, card),
    locale: language,
    otherLabel: t.other,
    previousLabel: t.previous,
    soFarLabel: t.soFar,
    partialLabel: t.partial,
    totalLabel: t.total,
    size: ASSISTANT_CHART_SIZE,
  });
  return renderChartPng(option, ASSISTANT_CHART_SIZE);
}
