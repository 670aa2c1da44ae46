import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { OrdersTable } from '../db/schema.ts';
import {
  type ChunkStats,
  createSeedGenerator,
  type OrderBatch,
  type SeedHeader,
  type SeedOptions,
  type SeedTail,
} from './generate.ts';

export type { SeedHeader, SeedTail };

/** Where seed rows come from: generated in this thread, or by workers while this one writes. */
export interface SeedSource {
  header(): Promise<SeedHeader>;
  batches(): AsyncGenerator<OrderBatch>;
  tail(): Promise<SeedTail>;
  close(): Promise<void>;
}

export function inThreadSource(options: SeedOptions): SeedSource {
  const gen = createSeedGenerator(options);
  return {
    async header() {
      return gen.header();
    },
    async *batches() {
      for (let c = 0; c < gen.chunkCount; c++) {
        const { batch, stats } = gen.chunk(c);
        gen.absorb(stats);
        yield batch;
      }
    },
    async tail() {
      return gen.finish();
    },
    async close() {},
  };
}

const BLOB_COLUMNS = ['doc', 'payments_full', 'payments_short', 'feedback_doc', 'mediations_doc'] as const;
type PackedOrder = Omit<OrdersTable, (typeof BLOB_COLUMNS)[number]> & { blobs: number[] };
export interface PackedBatch extends Omit<OrderBatch, 'orders'> {
  orders: PackedOrder[];
  arena: ArrayBuffer;
}

/**
 * Small Buffers share 8 KB pool slabs, and posting one to another thread copies its whole slab. A batch's documents
 * are therefore copied into one buffer that is transferred, not copied; the receiver takes views of it.
 */
export function packBatch(batch: OrderBatch): PackedBatch {
  let size = 0;
  for (const o of batch.orders) for (const c of BLOB_COLUMNS) size += o[c].length;
  const arena = new ArrayBuffer(size);
  const bytes = new Uint8Array(arena);
  let at = 0;
  const orders = batch.orders.map((o) => {
    const blobs: number[] = [];
    for (const c of BLOB_COLUMNS) {
      bytes.set(o[c], at);
      blobs.push(at, o[c].length);
      at += o[c].length;
    }
    const { doc, payments_full, payments_short, feedback_doc, mediations_doc, ...rest } = o;
    return { ...rest, blobs };
  });
  return { ...batch, orders, arena };
}

function unpackBatch(packed: PackedBatch): OrderBatch {
  const { arena } = packed;
  // In place: a million order rows are not worth copying once more.
  for (const o of packed.orders as (PackedOrder & Partial<OrdersTable>)[]) {
    const b = o.blobs;
    o.doc = Buffer.from(arena, b[0], b[1]);
    o.payments_full = Buffer.from(arena, b[2], b[3]);
    o.payments_short = Buffer.from(arena, b[4], b[5]);
    o.feedback_doc = Buffer.from(arena, b[6], b[7]);
    o.mediations_doc = Buffer.from(arena, b[8], b[9]);
    delete (o as { blobs?: number[] }).blobs;
  }
  return packed as unknown as OrderBatch;
}

const YOUNG_GENERATION_MB = 96;

export type WorkerRequest =
  | { type: 'header'; index: number; of: number }
  | { type: 'chunk'; chunk: number }
  | { type: 'stats' };
export type WorkerReply =
  | { type: 'header'; index: number; header: SeedHeader }
  | { type: 'chunk'; chunk: number; batch: PackedBatch }
  | { type: 'stats'; index: number; stats: ChunkStats }
  | { type: 'error'; message: string };

/**
 * Generation (random data, rendering, sealing personal data) runs in workers while the main thread writes. Chunk
 * `c` goes to worker `c % n`, each kept a chunk ahead; chunks come from their own random streams, so the database
 * is the same as in-thread and for any number of workers. The main thread builds the same world to compute the tail.
 */
export function workerSource(
  options: SeedOptions,
  count = Math.max(1, Math.min(2, availableParallelism())),
): SeedSource {
  const gen = createSeedGenerator(options);
  const workers = Array.from(
    { length: count },
    () =>
      new Worker(new URL('./worker-entry.mjs', import.meta.url), {
        workerData: options,
        // Generation makes short-lived objects by the million: a larger young generation collects them less often.
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      }),
  );
  const arrived = new Map<string, WorkerReply>();
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  for (const w of workers) {
    w.on('message', (m: WorkerReply) => {
      if (m.type === 'error') failure = new Error(`seed worker: ${m.message}`);
      else arrived.set(m.type === 'chunk' ? `c${m.chunk}` : `${m.type}${m.index}`, m);
      notify();
    });
    w.on('error', (e) => {
      failure = e;
      notify();
    });
  }
  const request = (worker: number, message: WorkerRequest) => workers[worker]!.postMessage(message);
  async function receive(key: string): Promise<WorkerReply> {
    for (;;) {
      if (failure) throw failure;
      const m = arrived.get(key);
      if (m) {
        arrived.delete(key);
        return m;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }

  return {
    async header() {
      workers.forEach((_, i) => {
        request(i, { type: 'header', index: i, of: count });
      });
      // The first chunks are asked for at once, so workers generate them while the users are written.
      for (let c = 0; c < Math.min(count, gen.chunkCount); c++)
        request(c % count, { type: 'chunk', chunk: c });
      const parts: SeedHeader[] = [];
      for (let i = 0; i < count; i++)
        parts[i] = ((await receive(`header${i}`)) as { header: SeedHeader }).header;
      const first = parts[0]!;
      const total = parts.reduce((n, p) => n + p.userRows.length, 0);
      const userRows = Array.from(
        { length: total },
        (_, i) => parts[i % count]!.userRows[Math.floor(i / count)]!,
      );
      return { ...first, userRows };
    },
    async *batches() {
      for (let c = 0; c < gen.chunkCount; c++) {
        const m = (await receive(`c${c}`)) as Extract<WorkerReply, { type: 'chunk' }>;
        if (c + count < gen.chunkCount) request(c % count, { type: 'chunk', chunk: c + count });
        yield unpackBatch(m.batch);
      }
    },
    async tail() {
      // Each worker kept the totals of its own chunks; they are sums, so the order of absorbing does not matter.
      workers.forEach((_, i) => {
        request(i, { type: 'stats' });
      });
      for (let i = 0; i < count; i++)
        gen.absorb(((await receive(`stats${i}`)) as { stats: ChunkStats }).stats);
      return gen.finish();
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
