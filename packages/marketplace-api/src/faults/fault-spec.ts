/**
 * A fault asked for on purpose, in local use (decision 0293): the same few words in the `X-Simulate-Fault` header
 * and in a rule set with `npm run faults`. Items are separated by `;`, each a word or `name=value`:
 *
 * - requests: `status=500`, `status=503`, `status=429` (with `retry-after=S`, 1 unless given; optional on 503),
 *   `delay=MS` (alone: the answer comes late; with a status or `drop`: they come late), `drop` (the connection is
 *   closed without an answer);
 * - notifications (rules only): `deliver=late` (held `delay=MS` after the change, 5000 unless given),
 *   `deliver=twice` (sent again at once after it was delivered), `deliver=out-of-order` (held `delay=MS`, 3000 unless
 *   given, while later ones about the same order gather, then sent newest first).
 */

export type FaultStatus = 429 | 500 | 503;
export type Delivery = 'late' | 'twice' | 'out-of-order';

export interface RequestFault {
  kind: 'request';
  /** Milliseconds before anything else happens; 0 for none. */
  delayMs: number;
  status: FaultStatus | null;
  /** Seconds, for `Retry-After` (429 always, 503 when given). */
  retryAfter: number | null;
  drop: boolean;
}

export interface NotificationFault {
  kind: 'notification';
  deliver: Delivery;
  /** How long a late or out-of-order notification is held after its change; 0 for `twice`. */
  delayMs: number;
}

export type Fault = RequestFault | NotificationFault;

export const MAX_DELAY_MS = 60_000;
export const MAX_RETRY_AFTER_S = 86_400;
const STATUSES: readonly FaultStatus[] = [500, 503, 429];
const DELIVERIES: readonly Delivery[] = ['late', 'twice', 'out-of-order'];
const DEFAULT_HOLD_MS: Record<Delivery, number> = { late: 5_000, twice: 0, 'out-of-order': 3_000 };
const NAMES = ['status', 'delay', 'retry-after', 'drop', 'deliver'] as const;
type Name = (typeof NAMES)[number];

export type Parsed<T> = { ok: true; fault: T } | { ok: false; problems: string[] };

const wholeNumber = (value: string, min: number, max: number): number | null =>
  /^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : null;

/** Reads a fault's words; answers what is wrong with them, each problem in a sentence, rather than throwing. */
export function parseFault(text: string): Parsed<Fault> {
  const problems: string[] = [];
  const given = new Map<Name, string | null>();
  const items = text.length > 500 ? [] : text.split(';').map((item) => item.trim());
  if (items.length === 0 || items.every((item) => item === '')) {
    return { ok: false, problems: ['no fault named: give status=500|503|429, delay=MS, drop or deliver=…'] };
  }
  for (const item of items) {
    if (item === '') continue;
    const at = item.indexOf('=');
    const name = (at < 0 ? item : item.slice(0, at)).trim().toLowerCase();
    const value = at < 0 ? null : item.slice(at + 1).trim();
    if (!(NAMES as readonly string[]).includes(name)) {
      problems.push(`${name.slice(0, 40)} is not a fault: use status, delay, retry-after, drop or deliver`);
      continue;
    }
    if (given.has(name as Name)) problems.push(`${name} is given twice`);
    given.set(name as Name, value);
  }
  if (problems.length > 0) return { ok: false, problems };

  const delayText = given.get('delay');
  let delayMs = 0;
  if (given.has('delay')) {
    const ms = delayText == null ? null : wholeNumber(delayText, 1, MAX_DELAY_MS);
    if (ms === null) problems.push(`delay takes milliseconds from 1 to ${MAX_DELAY_MS}`);
    else delayMs = ms;
  }

  if (given.has('deliver')) {
    const deliver = given.get('deliver');
    for (const other of ['status', 'retry-after', 'drop'] as const) {
      if (given.has(other)) problems.push(`${other} is a fault of requests, not of deliver`);
    }
    if (!DELIVERIES.includes(deliver as Delivery)) {
      problems.push(`deliver takes ${DELIVERIES.join(', ')}`);
    } else if (deliver === 'twice' && given.has('delay')) {
      problems.push('deliver=twice takes no delay');
    }
    if (problems.length > 0) return { ok: false, problems };
    const d = deliver as Delivery;
    return { ok: true, fault: { kind: 'notification', deliver: d, delayMs: delayMs || DEFAULT_HOLD_MS[d] } };
  }

  let status: FaultStatus | null = null;
  if (given.has('status')) {
    const value = given.get('status');
    status = STATUSES.find((s) => String(s) === value) ?? null;
    if (status === null) problems.push(`status takes ${STATUSES.join(', ')}`);
  }
  const drop = given.has('drop');
  if (drop && given.get('drop') !== null) problems.push('drop takes no value');
  if (drop && given.has('status')) problems.push('drop and status exclude each other');
  let retryAfter: number | null = null;
  if (given.has('retry-after')) {
    const value = given.get('retry-after');
    retryAfter = value == null ? null : wholeNumber(value, 0, MAX_RETRY_AFTER_S);
    if (retryAfter === null) problems.push(`retry-after takes seconds from 0 to ${MAX_RETRY_AFTER_S}`);
    else if (status !== 429 && status !== 503)
      problems.push('retry-after goes with status=429 or status=503');
  }
  if (!drop && !given.has('status') && !given.has('delay')) {
    problems.push('no fault named: give status=500|503|429, delay=MS, drop or deliver=…');
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    fault: { kind: 'request', delayMs, status, retryAfter: retryAfter ?? (status === 429 ? 1 : null), drop },
  };
}

/** The fault in its words, as `parseFault` reads them back: how rules are stored and listed. */
export function faultText(fault: Fault): string {
  if (fault.kind === 'notification') {
    return fault.deliver === 'twice' ? 'deliver=twice' : `deliver=${fault.deliver}; delay=${fault.delayMs}`;
  }
  const items: string[] = [];
  if (fault.status !== null) items.push(`status=${fault.status}`);
  if (fault.retryAfter !== null) items.push(`retry-after=${fault.retryAfter}`);
  if (fault.drop) items.push('drop');
  if (fault.delayMs > 0) items.push(`delay=${fault.delayMs}`);
  return items.join('; ');
}
