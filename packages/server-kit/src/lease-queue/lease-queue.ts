import { randomBytes } from 'node:crypto';

export interface LeaseQueueOptions<Row> {
  /** Leases due rows to `worker`: at most `limit` lanes, up to `perLane` rows each, held until `now + leaseMs`. */
  claim(
    now: number,
    worker: string,
    options: { leaseMs: number; limit: number; perLane: number },
  ): Promise<Row[]>;
  /** The lane a claimed row belongs to: the rows of one lane are handled in order, lanes side by side. */
  laneOf(row: Row): string | number;
  /**
   * Handles one lane's rows, in order, and settles each (done, retried later, parked, or given back); answers how
   * many it handled. `leaseEnd` is when the rows stop being this worker's.
   */
  handleLane(rows: Row[], leaseEnd: number): Promise<number | undefined>;
  now: () => number;
  /** Names the worker in its leases, e.g. `bff` or `w`; the process id and a random part follow. */
  workerPrefix: string;
  /** Lanes in flight at most. */
  batch?: number;
  /** Rows of one lane leased together. */
  perLane?: number;
  leaseMs: number;
  /** How often the running queue looks for rows written elsewhere or coming due. */
  pollMs: number;
  /**
   * A count of what may have queued rows (on PostgreSQL, the notifications heard on the queue's channel): while it
   * stands still after a claim found nothing, nothing can have been queued anywhere, and the timer's looks are
   * skipped, one in `idlePollMs` aside, which finds rows coming due. Being woken, or a lane finishing, always claims.
   */
  changes?: () => number;
  /** The longest a row coming due waits while the store is unchanged; 1 s unless given. */
  idlePollMs?: number;
  onError?: (error: unknown) => void;
}

export interface RunningLeaseQueue {
  /**
   * Looks for work now (a row was queued in this process); no-op while stopped. Given the row's lane, and that lane
   * is being handled here, it looks once that lane ends instead: until then the lane's rows cannot be taken.
   */
  wake(lane?: string | number): void;
  /** Stops looking and waits for the lanes in flight. */
  stop(): Promise<void>;
}

function workerName(prefix: string): string {
  return `${prefix}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/**
 * A queue in a database table taken by lease (decisions 0051, 0086): claim due rows lane by lane, handle each lane's
 * rows in order and lanes side by side, and pump: claim again once the lanes of a claim have finished, when a lane
 * woken while in flight ends, when woken, and every `pollMs`. The marketplace's dispatcher and the BFF's notification
 * worker are two of these.
 */
export function createLeaseQueue<Row>(options: LeaseQueueOptions<Row>) {
  const worker = workerName(options.workerPrefix);
  const batch = options.batch ?? 32;
  const perLane = options.perLane ?? 32;
  let inFlight = 0;
  // The lanes being handled here, each with whether a row of it was queued meanwhile (see `wake`).
  const lanesInFlight = new Map<string | number, { woken: boolean }>();
  // What a lane that was woken while in flight calls once it ends (set by `start`).
  let onWokenLaneEnd = () => {};

  /** Claims at most `limit` lanes and starts them; `done` settles with the rows handled once they all finish. */
  async function claimAndHandle(limit: number): Promise<{ claimed: number; done: Promise<number> }> {
    if (limit <= 0) return { claimed: 0, done: Promise.resolve(0) };
    const now = options.now();
    const claimed = await options.claim(now, worker, { leaseMs: options.leaseMs, limit, perLane });
    const lanes = new Map<string | number, Row[]>();
    for (const row of claimed) {
      const key = options.laneOf(row);
      const lane = lanes.get(key);
      if (lane) lane.push(row);
      else lanes.set(key, [row]);
    }
    inFlight += lanes.size;
    const done = Promise.all(
      [...lanes].map(([key, lane]) => {
        const state = { woken: false };
        lanesInFlight.set(key, state);
        return options
          .handleLane(lane, now + options.leaseMs)
          .then((handled) => handled ?? 0)
          .catch((error) => {
            options.onError?.(error);
            return 0;
          })
          .finally(() => {
            inFlight--;
            if (lanesInFlight.get(key) === state) lanesInFlight.delete(key);
            if (state.woken) onWokenLaneEnd();
          });
      }),
    ).then((handled) => handled.reduce((a, b) => a + b, 0));
    return { claimed: claimed.length, done };
  }

  return {
    worker,
    get inFlight() {
      return inFlight;
    },
    /** Claims what fits beside the lanes in flight. */
    claimAndHandle: () => claimAndHandle(batch - inFlight),
    /** One round: claims a batch and waits for it. Answers how many rows were handled. */
    async tick(): Promise<number> {
      const { done } = await claimAndHandle(batch);
      return done;
    },
    /** Rounds until nothing is due at the current time (tests). Answers how many rows were claimed or handled. */
    async drain(maxRounds = 1_000, count: 'claimed' | 'handled' = 'handled'): Promise<number> {
      let total = 0;
      for (let i = 0; i < maxRounds; i++) {
        const { claimed, done } = await claimAndHandle(batch);
        const handled = await done;
        if (claimed === 0) break;
        total += count === 'claimed' ? claimed : handled;
      }
      return total;
    },
    /** Runs in the background until stopped. */
    start(): RunningLeaseQueue {
      const pending = new Set<Promise<void>>();
      let stopped = false;
      let pumping = false;
      let again = false;
      let timer: NodeJS.Timeout | undefined;
      let current: Promise<void> = Promise.resolve();
      const idlePollMs = options.idlePollMs ?? 1_000;
      // The count and the time when a claim last found nothing; undefined once anything may have changed.
      let quiet: { count: number; at: number } | undefined;

      const round = async () => {
        clearTimeout(timer);
        try {
          do {
            again = false;
            for (;;) {
              if (stopped) break;
              // Read before claiming: a commit after this read moves the count, and the next look claims.
              const count = options.changes?.();
              const { claimed, done } = await claimAndHandle(batch - inFlight);
              if (claimed === 0) {
                quiet = count === undefined ? undefined : { count, at: options.now() };
                break;
              }
              quiet = undefined;
              const tracked: Promise<void> = done.then(() => {
                pending.delete(tracked);
                pump();
              });
              pending.add(tracked);
            }
          } while (again && !stopped);
        } catch (error) {
          options.onError?.(error);
        } finally {
          pumping = false;
          if (!stopped) timer = setTimeout(look, options.pollMs);
        }
      };

      /** The timer's look: skipped while nothing was committed since a claim found nothing (see `changes`). */
      function look(): void {
        if (
          quiet &&
          !pumping &&
          inFlight === 0 &&
          options.changes?.() === quiet.count &&
          options.now() - quiet.at < idlePollMs
        ) {
          timer = setTimeout(look, options.pollMs);
          return;
        }
        pump();
      }

      function pump(): void {
        if (stopped) return;
        if (pumping) {
          again = true;
          return;
        }
        pumping = true;
        current = round();
      }

      onWokenLaneEnd = pump;
      pump();
      return {
        wake(lane) {
          const handled = lane === undefined ? undefined : lanesInFlight.get(lane);
          // A claim now would find the lane's rows held by this very worker: its end claims them at once.
          if (handled) handled.woken = true;
          else pump();
        },
        async stop() {
          stopped = true;
          clearTimeout(timer);
          await current;
          await Promise.all([...pending]);
        },
      };
    },
  };
}

export type LeaseQueue<Row> = ReturnType<typeof createLeaseQueue<Row>>;
