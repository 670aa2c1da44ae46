import { type Keyring, openJson, precompiled } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { userAad } from '../../crypto/user-aad.ts';
import type { Database } from '../../db/schema.ts';
import type { SnapshotRead } from '../../db/store.ts';
import { CHANGES_KEPT_MS } from './changes.ts';

interface Phone {
  area_code: string | null;
  extension: string | null;
  number: string | null;
  verified?: boolean;
}

/** A user's card in each of its four renderings: id as string or integer, with or without contact. */
interface PartyCards {
  singleContact: Buffer;
  singleNickname: Buffer;
  searchContact: Buffer;
  searchNickname: Buffer;
}

export interface PartyCardOptions {
  /** The store's snapshot reader (SQLite files): lookups without the query queue. */
  read?: SnapshotRead;
  capacity?: number;
}

/** On PostgreSQL, changes committed this recently are read again: a transaction may commit after a later one. */
const PG_SETTLING_MS = 10_000;

/**
 * Buyer and seller cards of orders (spec 2.4). Personal data is opened once per user and kept, rendered, in a
 * bounded cache. Before each read, `sync(at)` drops the cards of users changed since, by this process or any other
 * (`read_model_changes`, decision 0114), whenever the store's change sequence moved (decision 0240): an order read
 * then costs a map lookup per party.
 */
export function createPartyCards(db: Kysely<Database>, keyring: Keyring, options: PartyCardOptions = {}) {
  const { read } = options;
  const cache = new LRUCache<number, PartyCards>({ max: options.capacity ?? 50_000 });
  let seenId: number | undefined;
  let seenAt: number | undefined;
  let syncedAt = 0;
  // Catch-ups so far: a card loaded while one ran may predate a change it dropped, and is not kept.
  let generation = 0;

  // Asked before every read where the store counts no changes: compiled once (a prepared statement there).
  const changesAfter = precompiled(db, (db, param) =>
    db
      .selectFrom('read_model_changes')
      .select(['id', 'key'])
      .where((eb) => eb.or([eb('id', '>', param(0) as number), eb('at', '>=', param(1) as number)]))
      .orderBy('id'),
  );

  async function changedSince(id: number, now: number): Promise<{ id: number; key: number }[]> {
    if (read) return read('select id, key from read_model_changes where id > ? order by id', [id]);
    return changesAfter(id, now - PG_SETTLING_MS);
  }

  async function latestId(): Promise<number> {
    const row = await db
      .selectFrom('read_model_changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }
  const findUser = precompiled(
    db,
    (db, param) =>
      db
        .selectFrom('users')
        .select(['id', 'nickname', 'first_name_enc', 'last_name_enc', 'phone_enc', 'alternative_phone_enc'])
        .where('id', '=', param(0) as number),
    read,
  );

  async function load(userId: number): Promise<PartyCards | null> {
    const [row] = await findUser(userId);
    if (!row) return null;
    const firstName = openJson<string>(keyring, row.first_name_enc, userAad(userId, 'first_name'));
    const lastName = openJson<string>(keyring, row.last_name_enc, userAad(userId, 'last_name'));
    const phone = openJson<Phone>(keyring, row.phone_enc, userAad(userId, 'phone'));
    const alt = openJson<Phone>(keyring, row.alternative_phone_enc, userAad(userId, 'alternative_phone'));
    const nickname = `"nickname":${JSON.stringify(row.nickname)}}`;
    const contact =
      `"nickname":${JSON.stringify(row.nickname)},"first_name":${JSON.stringify(firstName)},` +
      `"last_name":${JSON.stringify(lastName)},"phone":${JSON.stringify({
        area_code: phone?.area_code ?? null,
        extension: phone?.extension ?? null,
        number: phone?.number ?? null,
        verified: phone?.verified ?? false,
      })},"alternative_phone":${JSON.stringify({
        area_code: alt?.area_code ?? null,
        extension: alt?.extension ?? null,
        number: alt?.number ?? null,
      })}}`;
    return {
      singleContact: Buffer.from(`{"id":"${userId}",${contact}`),
      singleNickname: Buffer.from(`{"id":"${userId}",${nickname}`),
      searchContact: Buffer.from(`{"id":${userId},${contact}`),
      searchNickname: Buffer.from(`{"id":${userId},${nickname}`),
    };
  }

  function pickCard(cards: PartyCards, form: 'single' | 'search', withContact: boolean): Buffer {
    if (form === 'single') return withContact ? cards.singleContact : cards.singleNickname;
    return withContact ? cards.searchContact : cards.searchNickname;
  }

  /** Drops the cards of users changed since the last look (see `sync`). */
  async function catchUp(at: number): Promise<void> {
    // The machine's time, as the change log is stamped (`userChanged`).
    const now = Date.now();
    generation++;
    if (seenId === undefined || now - syncedAt > CHANGES_KEPT_MS / 2) {
      // First use, or idle longer than changes are kept: start from nothing.
      cache.clear();
      seenId = await latestId();
    } else {
      for (const change of await changedSince(seenId, now)) {
        cache.delete(Number(change.key));
        seenId = Math.max(seenId ?? 0, Number(change.id));
      }
    }
    syncedAt = now;
    seenAt = at;
  }

  return {
    /**
     * Drops what changed since the last call, in any process: call before a read with the request's reading of the
     * change sequence. While it stands still this costs nothing; after a change, one indexed query.
     */
    sync(at: number): Promise<void> | undefined {
      if (at === seenAt) return undefined;
      return catchUp(at);
    },
    /**
     * The JSON bytes of a party card: `id` as a string in the single-order form and an integer in search results;
     * names and phones only when `withContact`. Synchronous when the card is cached.
     */
    card(userId: number, form: 'single' | 'search', withContact: boolean): Buffer | Promise<Buffer> {
      const hit = cache.get(userId);
      if (hit) return pickCard(hit, form, withContact);
      const started = generation;
      return load(userId).then((cards) => {
        if (!cards) throw new Error('party not found');
        if (generation === started) cache.set(userId, cards);
        return pickCard(cards, form, withContact);
      });
    },
    /** The card when it is in memory, else undefined (and nothing is loaded). */
    cached(userId: number, form: 'single' | 'search', withContact: boolean): Buffer | undefined {
      const hit = cache.get(userId);
      return hit ? pickCard(hit, form, withContact) : undefined;
    },
  };
}

export type PartyCardCache = ReturnType<typeof createPartyCards>;
