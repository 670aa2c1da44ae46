import { once } from 'node:events';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import {
  type ChunkStats,
  createSeedGenerator,
  type SeedOptions,
  TAIL_TABLES,
  type UsersTable,
} from '@mostrador/marketplace-api/seed';
import type { Keyring } from '@mostrador/server-kit/store';
import { ByteArena } from './byte-arena.ts';
import { openChunkWriter, stageRows } from './chunk-writer.ts';
import { pack, REPUTATION_COLUMNS, toBlock } from './row-block.ts';
import type { WorkerReply, WorkerRequest } from './source.ts';

const { direct, nextUser, ...options } = workerData as SeedOptions & {
  /** The SQLite file the worker writes its chunks into, and the turn of the next chunk. */
  direct?: { file: string; turn: Int32Array };
  /** The first user no worker has taken to seal yet, shared by the workers (see `sealShare`). */
  nextUser: Int32Array;
};
// Buffers arrive as plain Uint8Arrays after crossing the thread boundary.
const keyring: Keyring = {
  currentKeyId: options.keyring.currentKeyId,
  keys: new Map([...options.keyring.keys].map(([id, key]) => [id, Buffer.from(key)])),
  indexKey: Buffer.from(options.keyring.indexKey),
};
const port = parentPort!;
const gen = createSeedGenerator({ ...options, keyring });
// On a SQLite file this worker writes its chunks itself; otherwise the main thread writes what it posts.
const writer = direct ? openChunkWriter(direct.file, direct.turn) : undefined;
/** The arena of the batches this worker writes itself, written again for each (see ByteArena). */
const reusedArena = new ByteArena();
const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
/** The tail being computed, if asked: this worker's users are sealed after it (see `workerSource`). */
let tailing: Promise<void> | undefined;

/**
 * The tail, once the other workers' totals arrived on their ports (whenever they are through with their requests):
 * posted, or staged in `stage` (its reputations as tables named after their lists, REPUTATION_COLUMNS).
 */
async function answerTail(from: MessagePort[], stage: string | undefined) {
  try {
    const totals = await Promise.all(
      from.map(async (other) => {
        const [stats] = (await once(other, 'message')) as [ChunkStats];
        other.close();
        return stats;
      }),
    );
    for (const stats of totals) gen.absorb(stats);
    const tail = gen.finish();
    if (!stage) return reply({ type: 'tail', tail: pack(tail) });
    stageRows(stage, [
      ...TAIL_TABLES.map(([part, table]) => [table, tail[part]] as const),
      ...REPUTATION_COLUMNS.map(([part]) => [part, tail[part]] as const),
    ]);
    reply({ type: 'staged', file: stage });
  } catch (error) {
    reply({ type: 'error', message: (error as Error).message });
  }
}

/** Users are taken to seal this many at a time. */
const SEAL_SLICE = 1_024;

/**
 * This worker's share of the users, sealed: slices taken in turn with the other workers until none is left, so a
 * worker that computed the tail first takes fewer. Posted, or staged in `stage`.
 */
function sealShare(index: number, stage: string | undefined) {
  const rows: UsersTable[] = [];
  for (let from = Atomics.add(nextUser, 0, SEAL_SLICE); from < gen.userCount; ) {
    for (const row of gen.sealUsers({ from, to: from + SEAL_SLICE })) rows.push(row);
    from = Atomics.add(nextUser, 0, SEAL_SLICE);
  }
  if (!stage) return reply({ type: 'users', index, rows: toBlock(rows) });
  stageRows(stage, [['users', rows]]);
  reply({ type: 'staged', file: stage });
}

/** Runs `work`, answering its failure as an error. */
function answering(work: () => void) {
  try {
    work();
  } catch (error) {
    reply({ type: 'error', message: (error as Error).message });
  }
}

port.on('message', (request: WorkerRequest) =>
  answering(() => {
    if (request.type === 'header') {
      reply({ type: 'header', header: gen.header() });
    } else if (request.type === 'users') {
      const { index, stage } = request;
      if (tailing) void tailing.then(() => answering(() => sealShare(index, stage)));
      else sealShare(index, stage);
    } else if (request.type === 'chunk') {
      // A batch written here is copied by SQLite before the next is made; one posted takes its buffers along.
      if (writer) reusedArena.rewind();
      const arena = writer ? reusedArena : new ByteArena();
      const { batch, stats } = gen.chunk(request.chunk, arena.write);
      gen.absorb(stats);
      if (writer)
        reply({ type: 'written', chunk: request.chunk, orders: writer.write(request.chunk, batch) });
      else reply({ type: 'chunk', chunk: request.chunk, batch: pack(batch) }, arena.buffers);
    } else if (request.type === 'share') {
      request.to.postMessage(gen.totals());
      request.to.close();
    } else if (request.type === 'tail') {
      tailing = answerTail(request.from, request.stage);
    } else {
      writer?.close();
    }
  }),
);
