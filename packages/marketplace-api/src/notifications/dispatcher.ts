import { createLeaseQueue, type RunningLeaseQueue } from '@mostrador/server-kit/lease-queue';
import { createCommitGroup, listenChannel } from '@mostrador/server-kit/store';
import type { Store } from '../db/store.ts';
import { type Clock, systemClock } from '../domain/time.ts';
import { createNotificationFaults } from '../faults/notification-faults.ts';
import { checkCallbackUrl } from './callback-url.ts';
import {
  type AttemptOutcome,
  type AttemptRecord,
  type ClaimedNotification,
  createOutboxRepository,
} from './outbox-repository.ts';
import { OUTBOX_CHANNEL, outboxBell } from './outbox-signal.ts';

/** Spec 6.3: the receiver must answer within 500 ms; a later answer is a failed attempt. */
export const NOTIFICATION_TIMEOUT_MS = 500;
const RESPONSE_BODY_LIMIT = 1000;

export interface DispatcherDeps {
  store: Pick<Store, 'db'> & Partial<Pick<Store, 'group' | 'dialect' | 'url' | 'read' | 'changes'>>;
  clock?: Clock;
  fetch?: typeof fetch;
  /**
   * Allows plain HTTP callbacks to loopback addresses (the demo's BFF), and delivers late, twice or out of order as
   * the rules of `npm run faults` say (decision 0293).
   */
  localUse?: boolean;
  /**
   * How long a receiver has to answer before the attempt fails: the spec's 500 ms unless told. Tests that are not
   * about that deadline give more, so a busy machine's slow answer is not taken for a receiver's failure.
   */
  timeoutMs?: number;
  /** Lanes (an application, a user and a resource) in flight at most; each sends its rows one after the other. */
  batch?: number;
  /** Rows of one lane leased together and sent in order without claiming again (decision 0086). */
  perLane?: number;
  /** How long a claimed row stays with this worker; longer than a send and its bookkeeping. */
  leaseMs?: number;
  /**
   * How often to look for due rows written by other processes or coming due after a delay. On a SQLite file a look
   * is skipped while nothing was committed since the last found nothing, up to a second (rows coming due).
   */
  pollMs?: number;
  /** Told of each attempt (tests, logs). */
  onAttempt?: (n: ClaimedNotification, outcome: AttemptOutcome, attempt: AttemptRecord) => void;
  onError?: (error: unknown) => void;
}

const iso = (ms: number) => new Date(ms).toISOString();

async function readSome(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_BODY_LIMIT * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_BODY_LIMIT);
}

/**
 * Delivers outbox rows to the applications' callbacks (spec 6): claim due rows under a lease, POST each body with a
 * 500 ms timeout, record the attempt, retry failures with growing delays and turn an application's notifications
 * off at the eighth failed attempt of a notification. `tick()` does one round and waits for its sends (tests).
 */
export function createDispatcher(
  deps: DispatcherDeps,
  /** On PostgreSQL: a count of the outbox's notifications heard. */
  changes?: () => number,
) {
  const outbox = createOutboxRepository(deps.store.db, {
    group: deps.store.group ?? createCommitGroup(deps.store.db),
    ...(deps.store.read ? { read: deps.store.read } : {}),
  });
  const clock = deps.clock ?? systemClock;
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const timeoutMs = deps.timeoutMs ?? NOTIFICATION_TIMEOUT_MS;
  const faults = deps.localUse ? createNotificationFaults(deps.store) : undefined;
  const headers = { accept: 'application/json', 'content-type': 'application/json' };
  const bodyOf = (n: ClaimedNotification, attempts: number, sent: number) =>
    JSON.stringify({
      _id: n.feedId,
      resource: n.resource,
      user_id: n.userId,
      topic: n.topic,
      application_id: n.applicationId,
      attempts,
      sent: iso(sent),
      received: iso(n.received),
    });

  /**
   * `deliver=twice`: the delivered notification once more, with its `_id`, as a sender that missed the receiver's
   * answer would send it. Its answer changes nothing.
   */
  async function sendAgain(n: ClaimedNotification): Promise<void> {
    const check = checkCallbackUrl(n.callbackUrl, { localUse: true });
    if (!check.ok) return;
    const response = await fetchImpl(check.url, {
      method: 'POST',
      headers,
      body: bodyOf(n, n.attempts + 2, clock().getTime()),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    await response.body?.cancel();
  }

  async function send(n: ClaimedNotification): Promise<AttemptOutcome> {
    const sent = clock().getTime();
    const requestBody = bodyOf(n, n.attempts + 1, sent);
    const attempt: AttemptRecord = {
      sent,
      url: n.callbackUrl,
      requestHeaders: { ...headers, 'content-length': Buffer.byteLength(requestBody) },
      requestBody,
      httpCode: null,
      error: null,
      responseTimeMs: 0,
      responseHeaders: {},
      responseBody: '',
    };
    const check = checkCallbackUrl(n.callbackUrl, { localUse: deps.localUse ?? false });
    if (!check.ok) {
      attempt.error = 'invalid_callback';
      attempt.responseBody = check.reason;
    } else {
      const started = performance.now();
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const response = await fetchImpl(check.url, {
          method: 'POST',
          headers,
          body: requestBody,
          signal,
          redirect: 'manual',
        });
        attempt.responseTimeMs = performance.now() - started;
        attempt.httpCode = response.status;
        attempt.responseHeaders = Object.fromEntries(response.headers);
        attempt.responseBody = await readSome(response).catch(() => '');
      } catch (error) {
        attempt.responseTimeMs = performance.now() - started;
        attempt.error =
          signal.aborted || (error as Error).name === 'TimeoutError' ? 'timeout' : 'network_error';
      }
    }
    const outcome = await outbox.recordAttempt(n, queue.worker, attempt, clock().getTime());
    deps.onAttempt?.(n, outcome, attempt);
    return outcome;
  }

  /**
   * Sends one lane's rows in order, each after the previous one's attempt is recorded. The first that is not
   * delivered stops the lane and gives the rest back, so nothing overtakes it; so does a lease about to run out.
   */
  async function sendLane(claimed: ClaimedNotification[], leaseEnd: number): Promise<number> {
    let lane = claimed;
    let twice: ReadonlySet<ClaimedNotification> | undefined;
    if (faults) {
      const plan = await faults.plan(claimed, clock().getTime());
      if ('holdUntil' in plan) {
        await outbox.hold(
          claimed.map((n) => n.id),
          queue.worker,
          plan.holdUntil,
        );
        return claimed.length;
      }
      lane = plan.send;
      twice = plan.twice;
    }
    const giveBack = (from: number) =>
      outbox.release(
        lane.slice(from).map((n) => n.id),
        queue.worker,
      );
    for (let i = 0; i < lane.length; i++) {
      if (i > 0 && clock().getTime() > leaseEnd - 2 * timeoutMs) {
        await giveBack(i);
        return i;
      }
      let outcome: AttemptOutcome;
      try {
        outcome = await send(lane[i]!);
      } catch (error) {
        deps.onError?.(error);
        await giveBack(i).catch(() => {});
        return i;
      }
      if (outcome !== 'delivered') {
        await giveBack(i + 1);
        return i + 1;
      }
      if (twice?.has(lane[i]!)) await sendAgain(lane[i]!).catch(() => {});
    }
    return lane.length;
  }

  const queue = createLeaseQueue<ClaimedNotification>({
    claim: (now, worker, options) => outbox.claim(now, worker, options),
    laneOf: (n) => `${n.applicationId}:${n.userId}:${n.resource}`,
    handleLane: sendLane,
    now: () => clock().getTime(),
    workerPrefix: 'w',
    batch: deps.batch ?? 32,
    perLane: deps.perLane ?? 32,
    leaseMs: deps.leaseMs ?? 10_000,
    pollMs: deps.pollMs ?? 50,
    // On PostgreSQL, no notification heard on the outbox's channel since a claim found nothing: no need to look
    // (decision 0206). Elsewhere each look first reads whether anything is due (`claim`).
    ...(changes ? { changes } : {}),
    ...(deps.onError ? { onError: deps.onError } : {}),
  });

  return {
    worker: queue.worker,
    get inFlight() {
      return queue.inFlight;
    },
    /** Claims what fits beside the lanes in flight and starts sending; `done` settles when they are recorded. */
    claimAndSend: queue.claimAndHandle,
    /** One round: claim due rows, send them, record the attempts. Answers how many were sent. */
    tick: queue.tick,
    /** Rounds until nothing is due at the clock's current time. */
    drain: (maxRounds?: number) => queue.drain(maxRounds),
    /** Runs in the background: woken by `wake()`, after each lane, and every `pollMs`. */
    start: queue.start,
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

/**
 * Runs a dispatcher in the background: at every change committed in this process (the outbox bell), on PostgreSQL
 * at every notification of rows another instance queued, after each send, and every `pollMs` for rows written
 * elsewhere or coming due (skipped while nothing changed, but once a second). `stop()` waits for sends in flight.
 */
export function startDispatcher(deps: DispatcherDeps): {
  stop(): Promise<void>;
  ready(): Promise<void>;
  dispatcher: Dispatcher;
} {
  // PostgreSQL: every instance's queued rows are heard on the outbox's channel. Each notification, and each time
  // the listener connects again (it may have missed some), counts as a change; while it is not listening, every
  // look counts as one, so the queue looks every `pollMs` as it would without it.
  let heard = 0;
  let started: RunningLeaseQueue | undefined;
  const heardOne = () => {
    heard++;
    started?.wake();
  };
  const channel =
    deps.store.dialect === 'postgres' && deps.store.url
      ? listenChannel(deps.store.url, OUTBOX_CHANNEL, {
          applicationName: 'mostrador-dispatcher',
          onNotify: heardOne,
          onGap: heardOne,
          ...(deps.onError ? { onError: deps.onError } : {}),
        })
      : undefined;
  const dispatcher = createDispatcher(
    deps,
    channel ? () => (channel.listening ? heard : ++heard) : undefined,
  );
  const running = dispatcher.start();
  started = running;
  // Rows queued before the LISTEN was in place were not heard: one more look once it is.
  const listening = channel?.ready().then(heardOne);
  const bell = outboxBell(deps.store.db);
  const onBell = () => running.wake();
  bell.addEventListener('outbox', onBell);
  return {
    dispatcher,
    /** Settles once rows other instances queue are heard here (PostgreSQL); at once elsewhere. */
    ready: async () => {
      await listening;
    },
    async stop() {
      bell.removeEventListener('outbox', onBell);
      await Promise.all([running.stop(), channel?.close()]);
    },
  };
}
