import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputsFileOf, staleBecause, webInputsHash } from './web-build-inputs.ts';

/** A checkout with the files the build reads, and a build's output beside it. */
function checkout() {
  const root = mkdtempSync(join(tmpdir(), 'mostrador-build-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('index.html', '<!doctype html><html lang="en"></html>');
  write('vite.config.ts', 'export default {};');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('apps/web/src/main.tsx', 'export const main = 1;');
  write('apps/web/src/lib/i18n/messages/es.json', '{"hello":"Hola"}');
  write('apps/web/src/features/orders/list.test.tsx', 'it("lists", () => {});');
  write('packages/contracts/src/order.ts', 'export const order = {};');
  write('apps/bff/src/server.ts', 'export {};');
  const outDir = join(root, 'dist', 'web');
  const build = async () => {
    write('dist/web/index.html', '<!doctype html>');
    writeFileSync(inputsFileOf(outDir), JSON.stringify({ sha256: await webInputsHash(root) }));
  };
  return { root, outDir, write, build };
}

describe('the build runs only when its sources changed', () => {
  it('builds when there is no build, then not until a source, catalog, contract or lock file changes', async () => {
    const { root, outDir, write, build } = checkout();
    expect(await staleBecause(root, outDir)).toBe('no build yet');
    await build();
    expect(await staleBecause(root, outDir)).toBeNull();

    for (const [path, text] of [
      ['apps/web/src/main.tsx', 'export const main = 2;'],
      ['apps/web/src/lib/i18n/messages/es.json', '{"hello":"¡Hola!"}'],
      ['packages/contracts/src/order.ts', 'export const order = { id: 1 };'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
      ['apps/web/src/features/orders/new-file.ts', 'export {};'],
    ] as const) {
      write(path, text);
      expect(await staleBecause(root, outDir), path).toBe('the sources changed');
      await build();
      expect(await staleBecause(root, outDir), path).toBeNull();
    }
  });

  it("ignores what never reaches the bundle: tests, the servers' code", async () => {
    const { root, outDir, write, build } = checkout();
    await build();
    write('apps/web/src/features/orders/list.test.tsx', 'it("lists all", () => {});');
    write('apps/bff/src/server.ts', 'export const changed = true;');
    expect(await staleBecause(root, outDir)).toBeNull();
  });

  it('builds again when the output or its record of inputs is gone', async () => {
    const { root, outDir, build } = checkout();
    await build();
    rmSync(inputsFileOf(outDir));
    expect(await staleBecause(root, outDir)).toBe('the build does not name its inputs');
    await build();
    rmSync(join(outDir, 'index.html'));
    expect(await staleBecause(root, outDir)).toBe('no build yet');
  });

  it('gives the same hash for the same files whatever order they were written in', async () => {
    const a = checkout();
    const b = checkout();
    b.write('apps/web/src/main.tsx', 'export const main = 1;');
    expect(await webInputsHash(a.root)).toBe(await webInputsHash(b.root));
    b.write('apps/web/src/main.tsx', 'export const main = 3;');
    expect(await webInputsHash(a.root)).not.toBe(await webInputsHash(b.root));
  });
});
