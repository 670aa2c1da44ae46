import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestDatabase,
  dropTestDatabase,
  testDatabaseUrl,
} from '@mostrador/marketplace-api/test-support';
import { generateKeyring, type Keyring, openStore, parseKeyring } from '@mostrador/server-kit/store';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type BffDatabase, bffMigrations, migrateBff, openBffStore } from '../db/migrate.ts';
import { createBlockNoteRepository } from './block-note-repository.ts';

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
