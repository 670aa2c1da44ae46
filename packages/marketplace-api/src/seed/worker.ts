import { parentPort, workerData } from 'node:worker_threads';
import type { Keyring } from '../crypto/personal-data.ts';
import { createSeedGenerator, type SeedOptions } from './generate.ts';
import { BATCH } from './source.ts';

const options = workerData as SeedOptions;
// Buffers arrive as plain Uint8Arrays after crossing the thread boundary.
const keyring: Keyring = {
  currentKeyId: options.keyring.currentKeyId,
  keys: new Map([...options.keyring.keys].map(([id, key]) => [id, Buffer.from(key)])),
  indexKey: Buffer.from(options.keyring.indexKey),
};
const port = parentPort!;
const gen = createSeedGenerator({ ...options, keyring });
const batches = gen.batches(BATCH);
port.on('message', (what: string) => {
  try {
    if (what === 'header') port.postMessage({ type: 'header', header: gen.header() });
    else if (what === 'batch') {
      const next = batches.next();
      port.postMessage({ type: 'batch', batch: next.done ? null : next.value });
    } else if (what === 'tail') port.postMessage({ type: 'tail', tail: gen.finish() });
  } catch (error) {
    port.postMessage({ type: 'error', message: (error as Error).message });
  }
});
