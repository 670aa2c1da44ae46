import type { Store } from '../db/store.ts';
import { createFaultRuleRepository, faultRulesAt } from './fault-rule-repository.ts';
import { drawn, type FaultRule, notificationRules } from './fault-rules.ts';

/** What a lane of notifications (one application, user and order) gets from the rules (decision 0293). */
export type LanePlan<N> =
  /** Nothing goes now: the lane is held until then (`deliver=late`, `deliver=out-of-order`). */
  | { holdUntil: number }
  /** Sent in this order (newest first under `deliver=out-of-order`), each in `twice` sent again once delivered. */
  | { send: N[]; twice: ReadonlySet<N> };

interface Notification {
  topic: string;
  /** When its change happened. */
  received: number;
}

/**
 * The notification sender's faults on purpose, in local use: reads the rules of `npm run faults` (again whenever the
 * store's change sequence moved) and plans each lane by them. A hold is measured from the change, so a held lane is
 * not held again once it comes due, and a rule counts a use only for what it changed.
 */
export function createNotificationFaults(
  store: Pick<Store, 'db'> & Partial<Pick<Store, 'group' | 'changes'>>,
) {
  const rules = createFaultRuleRepository(store.db, store.group);
  const rulesAt = faultRulesAt(rules);
  const current = async () => (store.changes ? rulesAt(await store.changes.read()) : rules.list());

  return {
    async plan<N extends Notification>(lane: N[], now: number): Promise<LanePlan<N>> {
      const all = await current();
      if (all.length === 0) return { send: lane, twice: new Set() };
      const head = lane[0]!;
      const matching = notificationRules(all, head.topic);
      const held = async (rule: FaultRule & { fault: { deliver: string; delayMs: number } }) =>
        now < head.received + rule.fault.delayMs &&
        drawn(rule) &&
        // An out-of-order rule counts its use when it reorders, below.
        (rule.fault.deliver === 'out-of-order' || (await rules.take(rule)));
      for (const rule of matching) {
        if (rule.fault.deliver !== 'twice' && (await held(rule))) {
          return { holdUntil: head.received + rule.fault.delayMs };
        }
      }
      let send = lane;
      const reorder = matching.find((rule) => rule.fault.deliver === 'out-of-order');
      if (reorder && lane.length > 1 && (await rules.take(reorder))) send = [...lane].reverse();
      const twice = new Set<N>();
      for (const n of send) {
        const rule = notificationRules(all, n.topic).find((r) => r.fault.deliver === 'twice' && drawn(r));
        if (rule && (await rules.take(rule))) twice.add(n);
      }
      return { send, twice };
    },
  };
}

export type NotificationFaults = ReturnType<typeof createNotificationFaults>;
