/**
 * In-process wake-up for the dispatcher: a writer that committed outbox rows rings the bell of its database, so a
 * dispatcher in the same process sends at once instead of at its next poll. Other processes are found by polling.
 */
const bells = new WeakMap<object, EventTarget>();

export function outboxBell(db: object): EventTarget {
  let bell = bells.get(db);
  if (!bell) {
    bell = new EventTarget();
    bells.set(db, bell);
  }
  return bell;
}

export function ringOutbox(db: object): void {
  bells.get(db)?.dispatchEvent(new Event('outbox'));
}
