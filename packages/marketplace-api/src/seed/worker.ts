import { once } from 'node:events';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { Keyring } from '@mostrador/server-kit/store';
import { ByteArena } from './byte-arena.ts';
import { openChunkWriter } from './chunk-writer.ts';
import { type ChunkStats, createSeedGenerator, type SeedOptions } from './generate.ts';
import { pack, toBlock, toBlocks } from './row-block.ts';
import type { WorkerReply, WorkerRequest } from './source.ts';

const { direct, ...options } = workerData as SeedOptions & { direct?: { file: string; turn: Int32Array } };
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
const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
/** The tail being computed, if asked: this worker's users are sealed after it (see `workerSource`). */
let tailing: Promise<void> | undefined;

/** The tail, once the other workers' totals arrived on their ports (whenever they are through with their requests). */
async function answerTail(from: MessagePort[]) {
  try {
    const totals = await Promise.all(
      from.map(async (other) => {
        const [stats] = (await once(other, 'message')) as [ChunkStats];
        other.close();
        return stats;
      }),
    );
    for (const stats of totals) gen.absorb(stats);
    reply({ type: 'tail', tail: pack(gen.finish()) });
  } catch (error) {
    reply({ type: 'error', message: (error as Error).message });
  }
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
      const { index, of } = request;
      const seal = () => reply({ type: 'users', index, rows: toBlock(gen.sealUsers({ index, of })) });
      if (tailing) void tailing.then(() => answering(seal));
      else seal();
    } else if (request.type === 'chunk') {
      const arena = new ByteArena();
      const { batch, stats } = gen.chunk(request.chunk, arena.write);
      gen.absorb(stats);
      if (writer)
        reply({ type: 'written', chunk: request.chunk, orders: writer.write(request.chunk, batch) });
      else reply({ type: 'chunk', chunk: request.chunk, batch: toBlocks(batch) }, arena.buffers);
    } else if (request.type === 'share') {
      request.to.postMessage(gen.totals());
      request.to.close();
    } else if (request.type === 'tail') {
      tailing = answerTail(request.from);
    } else {
      writer?.close();
    }
  }),
);
