import { parentPort, workerData } from 'node:worker_threads';
import type { Keyring } from '@mostrador/server-kit/store';
import { ByteArena } from './byte-arena.ts';
import { createSeedGenerator, type SeedOptions } from './generate.ts';
import { toBlocks } from './row-block.ts';
import type { WorkerReply, WorkerRequest } from './source.ts';

const options = workerData as SeedOptions;
// Buffers arrive as plain Uint8Arrays after crossing the thread boundary.
const keyring: Keyring = {
  currentKeyId: options.keyring.currentKeyId,
  keys: new Map([...options.keyring.keys].map(([id, key]) => [id, Buffer.from(key)])),
  indexKey: Buffer.from(options.keyring.indexKey),
};
const port = parentPort!;
const gen = createSeedGenerator({ ...options, keyring });
const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
port.on('message', (request: WorkerRequest) => {
  try {
    if (request.type === 'users') {
      const { index, of } = request;
      reply({ type: 'users', index, rows: gen.sealUsers({ index, of }) });
    } else if (request.type === 'chunk') {
      const arena = new ByteArena();
      const { batch, stats } = gen.chunk(request.chunk, arena.write);
      gen.absorb(stats);
      reply({ type: 'chunk', chunk: request.chunk, batch: toBlocks(batch) }, arena.buffers);
    } else {
      reply({ type: 'stats', index: request.index, stats: gen.totals() });
    }
  } catch (error) {
    reply({ type: 'error', message: (error as Error).message });
  }
});
