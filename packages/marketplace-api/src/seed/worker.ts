import { parentPort, workerData } from 'node:worker_threads';
import type { Keyring } from '../crypto/personal-data.ts';
import { createSeedGenerator, type SeedOptions } from './generate.ts';
import { packBatch, type WorkerReply, type WorkerRequest } from './source.ts';

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
    if (request.type === 'header') {
      reply({
        type: 'header',
        index: request.index,
        header: gen.header({ index: request.index, of: request.of }),
      });
    } else {
      const { batch, stats } = gen.chunk(request.chunk);
      const packed = packBatch(batch);
      reply({ type: 'chunk', chunk: request.chunk, batch: packed, stats }, [packed.arena]);
    }
  } catch (error) {
    reply({ type: 'error', message: (error as Error).message });
  }
});
