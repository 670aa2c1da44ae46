import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blockNoteListSchema, errorBodySchema } from '@mostrador/contracts';
import {
  createTestDatabase,
  dropTestDatabase,
  testDatabaseUrl,
} from '@mostrador/marketplace-api/test-support';
import { generateKeyring, type Keyring, openStore, parseKeyring } from '@mostrador/server-kit/store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffDatabase, bffMigrations, migrateBff, openBffStore } from '../db/migrate.ts';
import { type Browser, createKit, type Kit } from '../test-support.ts';
import { createBlockNoteRepository } from './block-note-repository.ts';

let kit: Kit;
let seller: Browser;
let sellerId: number;
let buyerId: number;
let otherBuyerId: number;

const json = { 'content-type': 'application/json' };
const SECRET = 'Pays late; lives at Av. Corrientes 1234, tel 11 5555-0101.';

const rawRows = () =>
  kit.bffStore.db.selectFrom('bff_block_notes').selectAll().orderBy('buyer_id').orderBy('list').execute();

beforeAll(async () => {
  kit = await createKit();
  seller = kit.browser();
  await seller.signIn('TIENDA_PALERMO');
  sellerId = kit.user('TIENDA_PALERMO').id;
  buyerId = kit.user('COMPRADORA_SAMPA').id;
  otherBuyerId = kit.user('COMPRADOR_POLANCO').id;
});

describe('block notes at rest', () => {
  it('seals a written note in its row: the raw row holds no plain note, the seller reads it back', async () => {
    const written = await seller.write(`/bff/block-notes/order/${buyerId}`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ reason: 'non_payment', note: SECRET }),
    });
    expect(written.status).toBe(200);
    const [row] = await rawRows();
    expect(row).toMatchObject({ seller_id: sellerId, buyer_id: buyerId, note: '' });
    expect(row?.note_enc).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(row)).not.toContain('Corrientes');

    const read = await seller.request(`/bff/block-notes?list=order&buyer_ids=${buyerId}`);
    expect(blockNoteListSchema.parse(await read.json()).notes[0]?.note).toBe(SECRET);
  });

  it('refuses, without showing it, a sealed note copied to another buyer, list or seller', async () => {
    const [original] = await rawRows();
    const sealed = original!.note_enc!;
    const copies = [
      { seller: sellerId, buyer: otherBuyerId, list: 'order' as const },
      { seller: sellerId, buyer: buyerId, list: 'questions' as const },
    ];
    const logsBefore = kit.logs.length;
    for (const copy of copies) {
      await sql`insert into bff_block_notes
          (seller_id, buyer_id, list, reason, note, note_enc, updated_by_id, updated_by_nickname, updated_at)
          values (${copy.seller}, ${copy.buyer}, ${copy.list}, 'other', '', ${sealed}, ${sellerId},
            'TIENDA_PALERMO', ${kit.now()})`.execute(kit.bffStore.db);
      const res = await seller.request(
        `/bff/block-notes?list=${copy.list}&buyer_ids=${buyerId},${copy.buyer}`,
      );
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain('Corrientes');
      const body = errorBodySchema.parse(JSON.parse(text));
      expect(body.error).toBe('internal_error');
      expect(body.message).toContain(`buyer ${copy.buyer}`);
      expect(body.cause).toEqual([{ buyer_id: copy.buyer, list: copy.list, reason: 'note_unreadable' }]);
      await kit.bffStore.db
        .deleteFrom('bff_block_notes')
        .where('buyer_id', '=', copy.buyer)
        .where('list', '=', copy.list)
        .execute();
    }
    // Operators are told which row, never its text or sealed value (repeats within a minute are folded).
    const logged = kit.logs.slice(logsBefore).join('');
    expect(logged).toContain('block note could not be opened');
    expect(logged).toContain(`"buyer_id":${otherBuyerId}`);
    expect(logged).not.toContain('Corrientes');
    expect(logged).not.toContain(sealed);
    // Under another seller the copy is refused too, though no browser of theirs would ask for it.
    await sql`insert into bff_block_notes
        (seller_id, buyer_id, list, reason, note, note_enc, updated_by_id, updated_by_nickname, updated_at)
        values (${otherBuyerId}, ${buyerId}, 'order', 'other', '', ${sealed}, 1, 'X', 0)`.execute(
      kit.bffStore.db,
    );
    const repo = createBlockNoteRepository(kit.bffStore.db, kit.bffStore.keyring);
    await expect(repo.notesFor(otherBuyerId, 'order', [buyerId])).rejects.toThrow('could not be opened');
    await kit.bffStore.db.deleteFrom('bff_block_notes').where('seller_id', '=', otherBuyerId).execute();
    // The note in its own row still opens.
    const own = await seller.request(`/bff/block-notes?list=order&buyer_ids=${buyerId}`);
    expect(blockNoteListSchema.parse(await own.json()).notes[0]?.note).toBe(SECRET);
  });

  it('seals a plain row an older version left when the BFF migrates its tables, once', async () => {
    await sql`insert into bff_block_notes
        (seller_id, buyer_id, list, reason, note, updated_by_id, updated_by_nickname, updated_at)
        values (${sellerId}, ${otherBuyerId}, 'questions', 'other', 'Old plain note, Rua Augusta 500.',
          ${sellerId}, 'TIENDA_PALERMO', ${kit.now()})`.execute(kit.bffStore.db);
    await migrateBff(kit.bffStore);
    const sealedRows = await rawRows();
    expect(JSON.stringify(sealedRows)).not.toContain('Augusta');
    expect(sealedRows.every((row) => row.note === '' && row.note_enc)).toBe(true);
    const read = await seller.request(`/bff/block-notes?list=questions&buyer_ids=${otherBuyerId}`);
    expect(blockNoteListSchema.parse(await read.json()).notes[0]?.note).toBe(
      'Old plain note, Rua Augusta 500.',
    );

    await migrateBff(kit.bffStore);
    expect(await rawRows()).toEqual(sealedRows);
  });
});

describe('the migration that seals block notes written before it', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  /** A database of the kind this run tests, and the keys of its store. */
  async function freshDatabase(): Promise<{ options: { file: string } | { url: string }; keyring: Keyring }> {
    const fresh = generateKeyring();
    const keyring = parseKeyring(fresh.keys, fresh.indexKey);
    if (testDatabaseUrl) {
      const { url, database } = await createTestDatabase();
      cleanup.push(() => dropTestDatabase(database));
      return { options: { url }, keyring };
    }
    const folder = mkdtempSync(join(tmpdir(), 'mostrador-block-notes-'));
    cleanup.push(async () => rmSync(folder, { recursive: true, force: true }));
    return { options: { file: join(folder, 'bff.db') }, keyring };
  }

  it('seals the plain rows in place on the next start, reads them as before, and re-running changes nothing', async () => {
    const { options, keyring } = await freshDatabase();
    // The BFF's tables as they were before notes were sealed.
    const before = await openStore<BffDatabase>({
      ...options,
      keyring,
      ...bffMigrations,
      migrations: (dialect) => {
        const { '0184-block-notes-sealed': _sealed, ...earlier } = bffMigrations.migrations(dialect);
        return earlier;
      },
    });
    for (const [buyer, note] of [
      [11, 'Called twice, Calle Falsa 123.'],
      [12, ''],
    ] as const) {
      await sql`insert into bff_block_notes
          (seller_id, buyer_id, list, reason, note, updated_by_id, updated_by_nickname, updated_at)
          values (7, ${buyer}, 'order', 'non_payment', ${note}, 7, 'SELLER', 1000)`.execute(before.db);
    }
    await before.close();

    const store = await openBffStore({ ...options, keyring });
    cleanup.push(() => store.close());
    const rows = await store.db.selectFrom('bff_block_notes').selectAll().orderBy('buyer_id').execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.note).toBe('');
      expect(row.note_enc).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    }
    expect(JSON.stringify(rows)).not.toContain('Falsa');

    const repo = createBlockNoteRepository(store.db, store.keyring);
    const notes = (await repo.notesFor(7, 'order', [11, 12])).sort((a, b) => a.buyer_id - b.buyer_id);
    expect(notes.map((n) => [n.buyer_id, n.note, n.reason])).toEqual([
      [11, 'Called twice, Calle Falsa 123.', 'non_payment'],
      [12, '', 'non_payment'],
    ]);

    expect(await repo.sealPlainNotes()).toBe(0);
    await migrateBff(store);
    expect(await store.db.selectFrom('bff_block_notes').selectAll().orderBy('buyer_id').execute()).toEqual(
      rows,
    );
  });
});
