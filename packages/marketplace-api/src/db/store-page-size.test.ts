import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyring, parseKeyring } from '@mostrador/server-kit/store';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from './store.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const fresh = generateKeyring();
const keyring = parseKeyring(fresh.keys, fresh.indexKey);

async function pageSizeOf(file: string, pageSize?: number) {
  const store = await openStore({
    file,
    keyring,
    ...(pageSize ? { pageSize } : {}),
  });
  try {
    const { rows } = await sql<{ page_size: number }>`pragma page_size`.execute(store.db);
    return rows[0]!.page_size;
  } finally {
    await store.close();
  }
}

describe('the SQLite store’s page size', () => {
  it('is 8 KB for a new file unless given, and a file keeps the size it was made with', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mostrador-pages-'));
    folders.push(folder);
    expect(await pageSizeOf(join(folder, 'default.db'))).toBe(8192);
    const seeded = join(folder, 'seeded.db');
    expect(await pageSizeOf(seeded, 16_384)).toBe(16_384);
    // The server opens it without asking for a size, and another size asked for later changes nothing.
    expect(await pageSizeOf(seeded)).toBe(16_384);
    expect(await pageSizeOf(seeded, 4096)).toBe(16_384);
  });
});
