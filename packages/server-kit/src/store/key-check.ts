import { existsSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import { fileKeyring, type Keyring, open, PersonalDataUnavailable, seal } from './keyring.ts';
import type { Dialect } from './store.ts';

/** A store whose keys are missing, or are not the ones its data was sealed with: it must not be opened. */
export class StoreKeysRefused extends Error {
  override name = 'StoreKeysRefused';
  readonly code = 'STORE_KEYS_REFUSED';
}

const CHECK_AAD = 'store-key-check';
const CHECK_TEXT = 'the keys of this store';

/** Whether the database holds no table yet: a store being created, not one being reopened. */
export async function isEmptyDatabase(root: Kysely<object>, dialect: Dialect): Promise<boolean> {
  const found =
    dialect === 'sqlite'
      ? await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table'`.execute(root)
      : await sql<{ n: string | number }>`select count(*) as n from information_schema.tables
          where table_schema = current_schema()`.execute(root);
  return Number(found.rows[0]?.n ?? 0) === 0;
}

/** The table of the check value, which every store has from its first open on. */
export async function createKeyCheckTable(root: Kysely<object>): Promise<void> {
  await sql`create table if not exists store_key_check (
      id integer primary key,
      key_id text not null,
      sealed text not null
    )`.execute(root);
}

/**
 * A statement that takes the main database's write lock on SQLite and changes nothing: it names a table every store
 * has, in the main database only.
 */
export const KEY_CHECK_WRITE_LOCK = 'delete from main.store_key_check where 0';

export interface StoreKeysOptions {
  dialect: Dialect;
  /** The database as people know it (its file, or `PostgreSQL database NAME`), for messages. */
  storeName: string;
  /** Keys passed in (DATA_KEYS, DATA_INDEX_KEY); without them, `keyFile`. */
  keyring?: Keyring | undefined;
  /** Where the local keys are kept (mode 0600); written only for a store that is being created. */
  keyFile: string;
  /** The database held no table before this open (see `isEmptyDatabase`). */
  createdNow: boolean;
}

/**
 * The keys a store's personal data is sealed with, checked against the store itself (decision 0160): it keeps one
 * value sealed with them, so a missing key file, or other keys, are refused before anything is sealed under keys
 * that would leave the store readable under two keyrings and the older data unreadable. A key file is written only
 * for a store being created.
 */
export async function storeKeyring(root: Kysely<object>, options: StoreKeysOptions): Promise<Keyring> {
  const { storeName, keyFile } = options;
  await createKeyCheckTable(root);
  const checked = async () =>
    (
      await sql<{
        key_id: string;
        sealed: string;
      }>`select key_id, sealed from store_key_check where id = 1`.execute(root)
    ).rows[0];
  const existing = await checked();
  let keyring = options.keyring;
  if (!keyring) {
    if (!existsSync(keyFile) && (existing || !options.createdNow)) {
      throw new StoreKeysRefused(
        `the database ${storeName} holds personal data sealed with the keys in ${keyFile}, and that file is missing. Restore it from a backup (or set DATA_KEYS and DATA_INDEX_KEY to those keys); new keys would leave the data unreadable.`,
      );
    }
    keyring = fileKeyring(keyFile);
  }
  const keySource = options.keyring ? 'DATA_KEYS and DATA_INDEX_KEY' : keyFile;
  if (!existing) {
    await sql`insert into store_key_check (id, key_id, sealed)
      values (1, ${keyring.currentKeyId}, ${seal(keyring, CHECK_TEXT, CHECK_AAD)})
      on conflict (id) do nothing`.execute(root);
  }
  // Read back: another process may have created the store with other keys at the same moment.
  const check = existing ?? (await checked());
  try {
    if (!check || open(keyring, check.sealed, CHECK_AAD) !== CHECK_TEXT)
      throw new PersonalDataUnavailable('');
  } catch {
    throw new StoreKeysRefused(
      `the keys in ${keySource} are not the ones the personal data in ${storeName} is sealed with. Use the keys it was created with.`,
    );
  }
  // After a rotation the check follows the current key, so the retired one can leave the ring.
  if (check.key_id !== keyring.currentKeyId) {
    await sql`update store_key_check set key_id = ${keyring.currentKeyId},
      sealed = ${seal(keyring, CHECK_TEXT, CHECK_AAD)} where id = 1`.execute(root);
  }
  return keyring;
}
