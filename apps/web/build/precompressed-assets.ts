import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const TEXT = /\.(?:js|mjs|css|svg|json|txt|map)$/;
// Below one TCP segment, compression buys no round trip; made at build time, it costs no request anything.
const THRESHOLD_BYTES = 1400;

/**
 * Beside every hashed text asset of the build, its brotli (`.br`) and gzip (`.gz`) twins at the highest levels: the
 * server sends them as they are (`serveStatic`'s `precompressed`), so the browser gets the smallest files and no
 * request pays for compressing them.
 */
export function precompressedAssets(): Plugin {
  let outDir = '';
  return {
    name: 'mostrador:precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const folder = join(outDir, 'assets');
      const names = (await readdir(folder)).filter((name) => TEXT.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = join(folder, name);
          const body = await readFile(file);
          if (body.byteLength < THRESHOLD_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            }),
            gzipped(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
