/**
 * Durations: two dates of one table that read as the start and the end of
 * something (ordered → shipped, created → resolved, hired → terminated, start → end) give the
 * time between them: average and total days ("days to ship", "how long does shipping take").
 * Timestamps also give hours, which own the bare words when the event is a quick one (replies,
 * resolutions) — spans are not sampled, so the event's name decides.
 */
import type { TIntrospectedColumn } from '../introspection';
import type { TModelExpr, TSpanUnit } from '../semantic-model';
import { isAudit, isTime } from './columns';
import { addMeasure, type TIntrospectContext, type TTableInfo } from './context';
import { title, words } from './text';

/** Words that name the start of something, and the noun it is said by ("order", "hire"). */
const START: Record<string, string> = {
  start: 'start',
  started: 'start',
  begin: 'start',
  open: 'opening',
  opened: 'opening',
  create: 'creation',
  created: 'creation',
  creation: 'creation',
  order: 'order',
  ordered: 'order',
  placed: 'order',
  purchase: 'purchase',
  purchased: 'purchase',
  submit: 'submission',
  submitted: 'submission',
  request: 'request',
  requested: 'request',
  report: 'report',
  reported: 'report',
  hire: 'hire',
  hired: 'hire',
  join: 'joining',
  joined: 'joining',
  signup: 'signup',
  registration: 'registration',
  registered: 'registration',
  rental: 'rental',
  rented: 'rental',
  booking: 'booking',
  booked: 'booking',
  invoice: 'invoice',
  invoiced: 'invoice',
  issue: 'issue',
  issued: 'issue',
  admission: 'admission',
  admitted: 'admission',
  departure: 'departure',
};

/** An end event: the verb "time to …" takes and the noun "… time" takes; none for a bare end. */
interface TEnd {
  verb: string | null;
  noun: string;
  /** Business words for the same span ("delivery time" for shipping). */
  also: string[];
  /** Usually hours apart when timestamped (support replies and resolutions). */
  quick?: boolean;
}
const SHIP: TEnd = { verb: 'ship', noun: 'shipping', also: ['delivery', 'shipment'] };
const DELIVER: TEnd = { verb: 'deliver', noun: 'delivery', also: [] };
const CLOSE: TEnd = { verb: 'close', noun: 'closing', also: ['close'] };
const RESOLVE: TEnd = { verb: 'resolve', noun: 'resolution', also: [], quick: true };
const RESPOND: TEnd = { verb: 'respond', noun: 'response', also: ['reply'], quick: true };
const COMPLETE: TEnd = { verb: 'complete', noun: 'completion', also: [] };
const PAY: TEnd = { verb: 'pay', noun: 'payment', also: [] };
const RETURN: TEnd = { verb: 'return', noun: 'return', also: [] };
const END: TEnd = { verb: null, noun: 'end', also: [] };
const TERMINATION: TEnd = { verb: null, noun: 'termination', also: [] };
const ENDS: Record<string, TEnd> = {
  ship: SHIP,
  shipped: SHIP,
  shipping: SHIP,
  shipment: SHIP,
  dispatch: SHIP,
  dispatched: SHIP,
  deliver: DELIVER,
  delivered: DELIVER,
  delivery: DELIVER,
  close: CLOSE,
  closed: CLOSE,
  closing: CLOSE,
  resolve: RESOLVE,
  resolved: RESOLVE,
  resolution: RESOLVE,
  respond: RESPOND,
  responded: RESPOND,
  response: RESPOND,
  replied: RESPOND,
  reply: RESPOND,
  answered: RESPOND,
  complete: COMPLETE,
  completed: COMPLETE,
  completion: COMPLETE,
  finish: COMPLETE,
  finished: COMPLETE,
  done: COMPLETE,
  paid: PAY,
  return: RETURN,
  returned: RETURN,
  end: END,
  ended: END,
  stop: END,
  stopped: END,
  termination: TERMINATION,
  terminated: TERMINATION,
  leave: TERMINATION,
  left: TERMINATION,
  exit: TERMINATION,
};
/** Planned, not happened: a due or expected date is no end of anything. */
const PLANNED =
  /\b(due|required|expected|estimated|scheduled|planned|target|deadline|promised|valid|expiry)\b/;

/** A date column's own words: the name without a parenthesised note ("order date (DateOrders)"). */
const ownWords = (c: TIntrospectedColumn): string[] =>
  words(c.name.replace(/\([^)]*\)/g, ' '))
    .split(' ')
    .filter(Boolean)
    .flatMap(unglue);

/** "shippeddate" (a lower-cased shippedDate) → "shipped date", when the first part is an event word. */
function unglue(word: string): string[] {
  const m = /^([a-z]+?)(date|datetime|time|timestamp|ts|at|on)$/.exec(word);
  return m && (START[m[1]] || ENDS[m[1]] || PLANNED.test(m[1])) ? [m[1], m[2]] : [word];
}

/** Adds the duration measures between each end date of a table and its start date. */
export function addDurations(
  ctx: TIntrospectContext,
  info: TTableInfo,
  time: string | null,
  weight: number,
): void {
  // A history table's from and to dates bound its rows' validity, not an event's duration.
  if (ctx.validity.has(info.table.name)) return;
  const dates = info.table.columns.filter(
    (c) => isTime(c) && !isAudit(c) && !PLANNED.test(ownWords(c).join(' ')),
  );
  const starts = dates.filter((c) => ownWords(c).some((w) => START[w]) && !ownWords(c).some((w) => ENDS[w]));
  // The table's own event date starts it when it names a start; else the first start date.
  const start = starts.find((c) => time === `${info.table.name}.${c.name}`) ?? starts[0];
  if (!start) return;
  const startNoun = START[ownWords(start).find((w) => START[w])!];
  for (const c of dates) {
    const endWord = ownWords(c).find((w) => ENDS[w]);
    if (c === start || !endWord) continue;
    const end = ENDS[endWord];
    const expr = (span: TSpanUnit): TModelExpr => ({
      span,
      from: { table: info.table.name, col: start.name },
      to: { table: info.table.name, col: c.name },
    });
    const timestamps = start.kind === 'timestamp' && c.kind === 'timestamp';
    const primary: TSpanUnit = timestamps && end.quick ? 'hour' : 'day';
    const units: TSpanUnit[] = timestamps ? [primary, primary === 'day' ? 'hour' : 'day'] : ['day'];
    units.forEach((unit, i) => {
      const span = { info, column: c, expr: expr(unit), time, weight, unit, end, startNoun };
      addSpan(ctx, span, 'avg', i === 0);
      addSpan(ctx, span, 'sum', i === 0);
    });
  }
}

interface TSpan {
  info: TTableInfo;
  column: TIntrospectedColumn;
  expr: TModelExpr;
  time: string | null;
  weight: number;
  unit: TSpanUnit;
  end: TEnd;
  startNoun: string;
}

/** "Average Days to Ship": title case but for the little words. */
const label = (text: string): string => title(text).replace(/ (To|From) /g, (w) => w.toLowerCase());

/** One duration measure: "Average Days to Ship" owns the bare words when `primary`. */
function addSpan(ctx: TIntrospectContext, s: TSpan, agg: 'avg' | 'sum', primary: boolean): void {
  const units = s.unit === 'day' ? 'days' : 'hours';
  const { verb, noun } = s.end;
  // "days to ship"; without a verb, "days from hire to termination".
  const core = verb ? `${units} to ${verb}` : `${units} from ${s.startNoun} to ${noun}`;
  const spans = verb
    ? [`time to ${verb}`, `${noun} time`, `${noun} duration`]
    : [`time from ${s.startNoun} to ${noun}`];
  const also = s.end.also.flatMap((a) => [`${a} time`, `${a} duration`]);
  const bare = verb === null && s.end === END ? ['duration'] : [];
  const avg = agg === 'avg';
  const own = avg
    ? [
        core,
        `average ${core}`,
        `avg ${core}`,
        `mean ${core}`,
        `${noun} ${units}`,
        `${units} ${s.startNoun} to ${noun}`,
      ]
    : [`total ${core}`, `sum of ${core}`, `total ${noun} ${units}`];
  const spoken = avg
    ? [...spans, ...bare].flatMap((p) => [p, `average ${p}`, `avg ${p}`, `mean ${p}`])
    : [...spans, ...bare].map((p) => `total ${p}`);
  const asked =
    avg && verb
      ? [`how long does ${noun} take`, `how long to ${verb}`, `how long does it take to ${verb}`]
      : [];
  const business = avg ? also.flatMap((p) => [p, `average ${p}`]) : also.map((p) => `total ${p}`);
  const inUnits = [...spans, ...bare].map((p) => `${avg ? '' : 'total '}${p} in ${units}`);
  addMeasure(
    ctx,
    {
      kind: 'aggregate',
      name: `${s.info.table.name}.${s.column.name}.${units}.${agg}`,
      label: '',
      synonyms: [],
      format: 'number',
      table: s.info.table.name,
      agg,
      expr: s.expr,
      time: s.time,
    },
    s.weight,
    [
      label(`${avg ? 'average' : 'total'} ${core}`),
      label(`${s.info.entity} ${avg ? 'average' : 'total'} ${core}`),
    ],
    [...own, ...inUnits, ...(primary ? [...spoken, ...asked] : [])],
    primary ? business : [],
  );
}
