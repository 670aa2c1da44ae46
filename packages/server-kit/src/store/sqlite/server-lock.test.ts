import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore } from '../open-store.ts';
import { lockSqliteServer, StoreServedElsewhere } from './server-lock.ts';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'server-lock-'));
  file = join(dir, 'store.db');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('holds one server per file, leaves the store itself open to others, and frees the file when released', async () => {
  const first = lockSqliteServer(file);
  expect(() => lockSqliteServer(file)).toThrow(StoreServedElsewhere);
  // The commands that work beside the server open the store as before.
  const store = await openStore({ file, migrations: () => ({}) });
  await store.close();
  expect(() => lockSqliteServer(join(dir, 'another.db')).release()).not.toThrow();

  first.release();
  const next = lockSqliteServer(file);
  next.release();
  // Only the lock file beside the store: no journal left of it.
  expect(readdirSync(dir).filter((name) => name.startsWith('store.db.server-lock'))).toEqual([
    'store.db.server-lock',
  ]);
});
