import {
  type Fault,
  faultText,
  type NotificationFault,
  type Parsed,
  parseFault,
  type RequestFault,
} from './fault-spec.ts';

/** A fault to answer with, and which requests or notifications get it (decision 0293). */
export interface FaultRule {
  id: number;
  fault: Fault;
  /** Requests of this method only (request faults); any when null. */
  method: string | null;
  /** Requests whose path (under the API's root) this pattern matches (request faults); any when null. */
  path: string | null;
  /** Notifications of this topic only (notification faults); any when null. */
  topic: string | null;
  /** Uses left; the rule ends with its last. Null: until it is removed. */
  remaining: number | null;
  /** The share of matching requests or notifications that get the fault, above 0 and at most 1. */
  fraction: number;
}

export type NewFaultRule = Omit<FaultRule, 'id'>;

export const FAULT_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'] as const;
export const FAULT_TOPICS = ['orders_v2', 'orders_feedback'] as const;
export const MAX_TIMES = 1_000_000;

/** What a rule is made of, as a command gives it: words, all optional but the fault. */
export interface RuleInput {
  fault: string;
  method?: string | undefined;
  path?: string | undefined;
  topic?: string | undefined;
  times?: string | undefined;
  fraction?: string | undefined;
}

const PATH = /^\/[A-Za-z0-9_.~\-/{}*]{0,199}$/;

/** Checks a rule's words; each problem in a sentence. */
export function checkRule(input: RuleInput): Parsed<NewFaultRule> {
  const parsed = parseFault(input.fault);
  if (!parsed.ok) return parsed;
  const fault = parsed.fault;
  const problems: string[] = [];
  let method: string | null = null;
  if (input.method !== undefined) {
    method = input.method.toUpperCase();
    if (!(FAULT_METHODS as readonly string[]).includes(method)) {
      problems.push(`--method takes ${FAULT_METHODS.join(', ')}`);
    }
  }
  if (input.path !== undefined && !PATH.test(input.path)) {
    problems.push(
      '--path takes a path under the API, such as /orders/search or /orders/* ({name} is one segment)',
    );
  }
  if (input.topic !== undefined && !(FAULT_TOPICS as readonly string[]).includes(input.topic)) {
    problems.push(`--topic takes ${FAULT_TOPICS.join(', ')}`);
  }
  if (fault.kind === 'request' && input.topic !== undefined) problems.push('--topic goes with deliver=…');
  if (fault.kind === 'notification' && (input.method !== undefined || input.path !== undefined)) {
    problems.push('--method and --path go with request faults; a notification fault takes --topic');
  }
  let remaining: number | null = null;
  if (input.times !== undefined) {
    remaining = /^\d{1,7}$/.test(input.times) ? Number(input.times) : 0;
    if (remaining < 1 || remaining > MAX_TIMES) problems.push(`--times takes a count from 1 to ${MAX_TIMES}`);
  }
  let fraction = 1;
  if (input.fraction !== undefined) {
    fraction = /^(?:0|1)?(?:\.\d{1,6})?$/.test(input.fraction) ? Number(input.fraction) : Number.NaN;
    if (!(fraction > 0 && fraction <= 1))
      problems.push('--fraction takes a share above 0 and at most 1, such as 0.25');
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    fault: { fault, method, path: input.path ?? null, topic: input.topic ?? null, remaining, fraction },
  };
}

const patterns = new Map<string, RegExp>();

/** `/orders/*` → any path under `/orders/`; `/orders/{order_id}` → one segment there. */
function patternOf(path: string): RegExp {
  let re = patterns.get(path);
  if (!re) {
    const source = path
      .split(/(\*|\{[^}/]*\})/)
      .map((part) =>
        part === '*' ? '.*' : part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    re = new RegExp(`^${source}$`);
    patterns.set(path, re);
  }
  return re;
}

/** Whether a rule is drawn for one more request or notification, by its fraction. */
export const drawn = (rule: FaultRule) => rule.fraction >= 1 || Math.random() < rule.fraction;

/** The first rule (oldest first) that gives this request a fault, drawn by its fraction. */
export function requestRuleFor(
  rules: readonly FaultRule[],
  method: string,
  path: string,
): (FaultRule & { fault: RequestFault }) | undefined {
  for (const rule of rules) {
    if (rule.fault.kind !== 'request') continue;
    if (rule.method !== null && rule.method !== method) continue;
    if (rule.path !== null && !patternOf(rule.path).test(path)) continue;
    if (drawn(rule)) return rule as FaultRule & { fault: RequestFault };
  }
  return undefined;
}

/** The notification rules of this topic, oldest first. */
export function notificationRules(
  rules: readonly FaultRule[],
  topic: string,
): (FaultRule & { fault: NotificationFault })[] {
  return rules.filter(
    (rule): rule is FaultRule & { fault: NotificationFault } =>
      rule.fault.kind === 'notification' && (rule.topic === null || rule.topic === topic),
  );
}

/** The rule in one line, as the command lists it. */
export function ruleLine(rule: FaultRule): string {
  const where =
    rule.fault.kind === 'request'
      ? `${rule.method ?? 'any method'} ${rule.path ?? 'any path'}`
      : `${rule.topic ?? 'any topic'} notifications`;
  const times = rule.remaining === null ? 'until removed' : `${rule.remaining} more`;
  const share = rule.fraction < 1 ? `, ${rule.fraction} of them` : '';
  return `${rule.id}\t${faultText(rule.fault)}\t${where}\t${times}${share}`;
}
