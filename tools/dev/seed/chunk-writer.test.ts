import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OrderBatch } from '@mostrador/marketplace-api/seed';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openChunkWriter, TURN_CLOSED, TURN_FAILED } from './chunk-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'mostrador-chunk-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file with the order tables reduced to what these rows need. */
function orderFile(name: string) {
  const file = join(dir, name);
  const db = new SqliteDatabase(file);
  db.exec(`create table orders (id integer primary key, doc blob not null);
    create table shipments (id integer primary key, order_id integer not null);
    create table order_discounts (order_id integer primary key, details text not null);
    create table order_product (order_id integer primary key, attributes text not null);
    create table feedback (id integer primary key, order_id integer not null)`);
  db.close();
  return file;
}

const batch = (ids: number[]): OrderBatch =>
  ({
    orders: ids.map((id) => ({ id, doc: Buffer.from(`{"id":${id}}`) })),
    shipments: ids.map((id) => ({ id: id * 10, order_id: id })),
    discounts: [],
    products: ids.slice(0, 1).map((id) => ({ order_id: id, attributes: '[]' })),
    feedback: [],
  }) as unknown as OrderBatch;

describe('a seed worker writing its own chunks (decision 0202)', () => {
  it('writes a chunk on its turn and passes the turn on; refuses a chunk whose turn went by', () => {
    const file = orderFile('turns.db');
    const turn = new Int32Array(new SharedArrayBuffer(4));
    const writer = openChunkWriter(file, turn);
    expect(writer.write(0, batch([1, 2, 3]))).toBe(3);
    expect(Atomics.load(turn, 0)).toBe(1);
    expect(writer.write(1, batch([4]))).toBe(1);
    expect(() => writer.write(1, batch([5]))).toThrow('chunk 1 was passed over');
    writer.close();
    const db = new SqliteDatabase(file, { readonly: true });
    expect(db.prepare('select id, cast(doc as text) doc from orders order by id').all()).toEqual(
      [1, 2, 3, 4].map((id) => ({ id, doc: `{"id":${id}}` })),
    );
    expect(db.prepare('select count(*) n from shipments').get()).toEqual({ n: 4 });
    expect(db.prepare('select order_id from order_product').all()).toEqual([
      { order_id: 1 },
      { order_id: 4 },
    ]);
    db.close();
  });

  it('writes nothing of a chunk that fails, and stops every writer waiting for a turn', () => {
    const file = orderFile('failure.db');
    const turn = new Int32Array(new SharedArrayBuffer(4));
    turn[0] = 0;
    const first = openChunkWriter(file, turn);
    const second = openChunkWriter(file, turn);
    expect(first.write(0, batch([1, 2]))).toBe(2);
    // Order 2 again: the primary key refuses it, after order 3 went in within the same transaction.
    expect(() => second.write(1, batch([3, 2]))).toThrow(/UNIQUE/);
    expect(Atomics.load(turn, 0)).toBe(TURN_FAILED);
    expect(() => first.write(2, batch([4]))).toThrow('another seed worker failed');
    first.close();
    second.close();
    const db = new SqliteDatabase(file, { readonly: true });
    expect(db.prepare('select id from orders order by id').all()).toEqual([{ id: 1 }, { id: 2 }]);
    db.close();
  });

  it('opens no connection while the turns are closed', () => {
    const file = orderFile('closed.db');
    const turn = new Int32Array(new SharedArrayBuffer(4));
    turn[0] = TURN_CLOSED;
    const writer = openChunkWriter(file, turn);
    // Poisoned rather than opened: a closed turn would wait, and this thread has no one to open it.
    Atomics.store(turn, 0, TURN_FAILED);
    expect(() => writer.write(0, batch([1]))).toThrow('another seed worker failed');
    writer.close();
  });
});
