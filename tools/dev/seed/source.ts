import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import {
  chunkCountOf,
  type SeedHeader,
  type SeedOptions,
  type SeedTail,
  type UsersTable,
} from '@mostrador/marketplace-api/seed';
import { TURN_CLOSED } from './chunk-writer.ts';
import { type BlockBatch, fromBlock, type Packed, type RowBlock, unpack } from './row-block.ts';

/**
 * Each generation worker's young generation (decision 0212). Generating an order makes many short-lived objects
 * (records, rendered documents, their JSON), and a larger young generation is collected less often: 512 MB took the
 * orders phase of a million orders to 0.79–0.85 of its time with 96 MB in three pairs of four, for about 1.1 GB more
 * peak memory.
 */
const YOUNG_GENERATION_MB = 512;
/** Chunks each worker is asked for ahead of the writer: a slow write does not leave a worker without work. */
const AHEAD = 3;

export type WorkerRequest =
  | { type: 'header' }
  /** This worker's share of the users, sealed; staged in the file `stage` if given. */
  | { type: 'users'; index: number; stage?: string }
  | { type: 'chunk'; chunk: number }
  /** This worker's totals, posted to another worker through `to`. */
  | { type: 'share'; to: MessagePort }
  /** The tail, from this worker's totals and those the other workers post to `from`; staged in `stage` if given. */
  | { type: 'tail'; from: MessagePort[]; stage?: string }
  /** No more chunks: a worker that writes them closes its connection (no answer). */
  | { type: 'close'; index: number };
export type WorkerReply =
  | { type: 'header'; header: SeedHeader }
  /** Rows as blocks (see `pack`): this thread reads them far faster than as objects. */
  | { type: 'users'; index: number; rows: RowBlock }
  /** The batch's documents are views of buffers transferred with it (see ByteArena). */
  | { type: 'chunk'; chunk: number; batch: BlockBatch }
  /** The chunk is written and committed, by the worker itself (on a SQLite file). */
  | { type: 'written'; chunk: number; orders: number }
  /** What was asked to be staged in `file` is there. */
  | { type: 'staged'; file: string }
  | { type: 'tail'; tail: Packed<SeedTail> }
  | { type: 'error'; message: string };

/**
 * Where the bulk seed's rows come from. Generation (random data, rendering, sealing personal data) runs in workers
 * while the main thread writes. Chunk `c` goes to worker `c % n`, each kept AHEAD chunks ahead; chunks come from
 * their own random streams, so the database is the same as the plain seed's and for any number of workers. The first worker also answers the header and, given the
 * others' totals, the tail: this thread builds no world of its own, and can build the indexes while the tail is
 * computed.
 * Given a SQLite file (`writeTo`), each worker writes its own chunks into it instead, in chunk order, taking turns
 * (decision 0202): no rows cross threads, and this thread is free while they work.
 */
export function workerSource(
  options: SeedOptions,
  writeTo?: string,
  count = Math.max(1, Math.min(2, availableParallelism())),
) {
  const chunkCount = chunkCountOf(options.orders);
  // The next chunk to write, shared with the workers; closed until the order tables are ready.
  const turn = writeTo ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
  if (turn) turn[0] = TURN_CLOSED;
  // Where the workers stage the users and the tail (see `staged`): beside the file, on the disk chosen for the data.
  const stageDir = writeTo ? mkdtempSync(`${writeTo}.seed-`) : undefined;
  const nextUser = new Int32Array(new SharedArrayBuffer(4));
  const workers = Array.from(
    { length: count },
    () =>
      new Worker(new URL('./worker-entry.mjs', import.meta.url), {
        workerData: { ...options, nextUser, ...(writeTo ? { direct: { file: writeTo, turn } } : {}) },
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      }),
  );
  const arrived = new Map<string, WorkerReply>();
  let failure: Error | null = null;
  // Everyone waiting for a reply (the tail is awaited while the users are): each looks again at every arrival.
  let waiting: (() => void)[] = [];
  const notify = () => {
    const woken = waiting;
    waiting = [];
    for (const w of woken) w();
  };
  for (const w of workers) {
    w.on('message', (m: WorkerReply) => {
      if (m.type === 'error') failure = new Error(`seed worker: ${m.message}`);
      else
        arrived.set(
          m.type === 'chunk'
            ? `c${m.chunk}`
            : m.type === 'written'
              ? `w${m.chunk}`
              : m.type === 'users'
                ? `users${m.index}`
                : m.type === 'staged'
                  ? `staged:${m.file}`
                  : m.type,
          m,
        );
      notify();
    });
    w.on('error', (e) => {
      failure = e;
      notify();
    });
  }
  const request = (worker: number, message: WorkerRequest) => workers[worker]!.postMessage(message);
  const requestChunk = (c: number) => request(c % count, { type: 'chunk', chunk: c });
  /** A file for the workers to stage rows in (see `staged`). */
  const stageFile = (name: string) => (stageDir ? join(stageDir, `${name}.db`) : undefined);
  /**
   * Each worker is asked to seal its share of the users once it has been asked for the tail (or its totals): the
   * tail is ready while this thread builds the indexes, and the users are sealed meanwhile, instead of before the
   * first order or before the tail. On a SQLite file each worker stages them in a file of its own.
   */
  let usersRequested = false;
  const requestUsers = (staged: boolean) => {
    if (usersRequested) return [];
    usersRequested = true;
    const files: string[] = [];
    for (let w = 0; w < count; w++) {
      const stage = staged ? stageFile(`users-${w}`) : undefined;
      if (stage) files.push(stage);
      request(w, { type: 'users', index: w, ...(stage ? { stage } : {}) });
    }
    return files;
  };
  /**
   * The tail from the first worker. Each worker kept the totals of its own chunks; they are sums, so the order of
   * absorbing does not matter. The others post theirs to the first worker directly: this thread may be busy with the
   * indexes meanwhile. A worker answers in the order it was asked, and the first seals its users once the tail is
   * computed.
   */
  const requestTail = (stage?: string) => {
    const from: MessagePort[] = [];
    for (let i = 1; i < count; i++) {
      const { port1, port2 } = new MessageChannel();
      workers[i]!.postMessage({ type: 'share', to: port1 } satisfies WorkerRequest, [port1]);
      from.push(port2);
    }
    workers[0]!.postMessage(
      { type: 'tail', from, ...(stage ? { stage } : {}) } satisfies WorkerRequest,
      from,
    );
  };
  /** The replies under `key(c)` for every chunk in order, each chunk's arrival asking for one more ahead. */
  async function* inChunkOrder<R extends WorkerReply>(key: (chunk: number) => string): AsyncGenerator<R> {
    for (let c = 0; c < chunkCount; c++) {
      const reply = (await receive(key(c))) as R;
      if (c + count * AHEAD < chunkCount) requestChunk(c + count * AHEAD);
      yield reply;
    }
  }

  async function receive(key: string): Promise<WorkerReply> {
    for (;;) {
      if (failure) throw failure;
      const m = arrived.get(key);
      if (m) {
        arrived.delete(key);
        return m;
      }
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
      });
    }
  }

  return {
    /** The demo accounts; asking for it sets the workers going on their first chunks. */
    async header() {
      request(0, { type: 'header' });
      for (let c = 0; c < Math.min(count * AHEAD, chunkCount); c++) requestChunk(c);
      return ((await receive('header')) as Extract<WorkerReply, { type: 'header' }>).header;
    },
    /** The order tables' rows, batch after batch, for the caller to write (unless `writesOrders`). */
    async *batches() {
      if (turn) throw new Error('the workers write the order tables themselves');
      for await (const m of inChunkOrder<Extract<WorkerReply, { type: 'chunk' }>>((c) => `c${c}`))
        yield m.batch;
    },
    /** Whether the workers write the order tables themselves (on a SQLite file): then `written()`, not `batches()`. */
    writesOrders: turn !== undefined,
    /** Lets the workers write the order tables, which are ready (created, without their indexes). */
    openTurns() {
      if (!turn || Atomics.load(turn, 0) !== TURN_CLOSED) return;
      Atomics.store(turn, 0, 0);
      Atomics.notify(turn, 0);
    },
    /** The orders of each batch once a worker has written it, batch after batch. */
    async *written() {
      if (!turn) return;
      for await (const m of inChunkOrder<Extract<WorkerReply, { type: 'written' }>>((c) => `w${c}`))
        yield m.orders;
      workers.forEach((_, i) => {
        request(i, { type: 'close', index: i });
      });
    },
    /** The users, their personal data sealed; the workers seal them once they have no more orders to generate. */
    async users() {
      requestUsers(false);
      const users: UsersTable[] = [];
      for (let i = 0; i < count; i++)
        for (const row of fromBlock<UsersTable>(
          ((await receive(`users${i}`)) as Extract<WorkerReply, { type: 'users' }>).rows,
        ))
          users.push(row);
      // Each worker took slices in turn: in id order again, the order they were made in.
      return users.sort((a, b) => a.id - b.id);
    },
    async tail() {
      requestTail();
      requestUsers(false);
      return unpack(((await receive('tail')) as Extract<WorkerReply, { type: 'tail' }>).tail);
    },
    /**
     * With `writesOrders`, in place of `users()` and `tail()`: SQLite files (see `stageRows`) for the seed to copy
     * in, one holding the tail's tables (its reputations as tables named after their lists, REPUTATION_COLUMNS) and
     * one a worker holding the users it sealed. Removed by `close()`.
     */
    async staged() {
      const tail = stageFile('tail');
      if (!tail) throw new Error('the rows are staged only by workers that write the file');
      requestTail(tail);
      const files = [tail, ...requestUsers(true)];
      for (const file of files) await receive(`staged:${file}`);
      return files;
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
      if (stageDir) rmSync(stageDir, { recursive: true, force: true });
    },
  };
}
