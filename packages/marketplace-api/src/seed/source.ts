import { Worker } from 'node:worker_threads';
import {
  createSeedGenerator,
  type OrderBatch,
  type SeedHeader,
  type SeedOptions,
  type SeedTail,
} from './generate.ts';

export type { SeedHeader, SeedTail };

/** Where seed rows come from: generated in this thread, or in a worker while this one writes. */
export interface SeedSource {
  header(): Promise<SeedHeader>;
  batches(): AsyncGenerator<OrderBatch>;
  tail(): Promise<SeedTail>;
  close(): Promise<void>;
}

export const BATCH = 2_000;

export function inThreadSource(options: SeedOptions): SeedSource {
  const gen = createSeedGenerator(options);
  return {
    async header() {
      return gen.header();
    },
    async *batches() {
      yield* gen.batches(BATCH);
    },
    async tail() {
      return gen.finish();
    },
    async close() {},
  };
}

type WorkerMessage =
  | { type: 'header'; header: SeedHeader }
  | { type: 'batch'; batch: OrderBatch | null }
  | { type: 'tail'; tail: SeedTail }
  | { type: 'error'; message: string };

/**
 * Generation (random data, rendering, sealing personal data) runs in a worker while the main thread writes, one
 * batch ahead; the worker is a single sequential generator, so the database is the same as in-thread.
 */
export function workerSource(options: SeedOptions): SeedSource {
  const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: options });
  const queue: WorkerMessage[] = [];
  let waiting: ((m: WorkerMessage) => void) | null = null;
  let failure: Error | null = null;
  worker.on('message', (m: WorkerMessage) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w(m);
    } else queue.push(m);
  });
  worker.on('error', (e) => {
    failure = e;
    waiting?.({ type: 'error', message: e.message });
  });
  const receive = () =>
    new Promise<WorkerMessage>((resolve) => {
      if (failure) resolve({ type: 'error', message: failure.message });
      const m = queue.shift();
      if (m) resolve(m);
      else waiting = resolve;
    });
  const expect = async <T extends WorkerMessage['type']>(type: T) => {
    const m = await receive();
    if (m.type === 'error') throw new Error(`seed worker: ${m.message}`);
    if (m.type !== type) throw new Error(`seed worker sent ${m.type}, expected ${type}`);
    return m as Extract<WorkerMessage, { type: T }>;
  };
  return {
    async header() {
      worker.postMessage('header');
      return (await expect('header')).header;
    },
    async *batches() {
      worker.postMessage('batch');
      for (;;) {
        const { batch } = await expect('batch');
        if (!batch) return;
        worker.postMessage('batch');
        yield batch;
      }
    },
    async tail() {
      worker.postMessage('tail');
      return (await expect('tail')).tail;
    },
    async close() {
      await worker.terminate();
    },
  };
}
