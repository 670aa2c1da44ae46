import { type Keyring, openJson } from '@mostrador/server-kit/store';
import type { Kysely } from 'kysely';
import { userAad } from '../crypto/user-aad.ts';
import { precompiled } from '../db/precompiled.ts';
import type { Database } from '../db/schema.ts';
import type { SnapshotRead } from '../db/store.ts';

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

/**
 * Buyer and seller cards of orders (spec 2.4). Personal data is opened once per user and kept, rendered, in a
 * bounded cache; a change to the user drops the entry. An order read then costs a map lookup per party.
 */
export function createPartyRepository(
  db: Kysely<Database>,
  keyring: Keyring,
  read?: SnapshotRead,
  capacity = 50_000,
) {
  const cache = new Map<number, PartyCards>();
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

  return {
    /**
     * The JSON bytes of a party card: `id` as a string in the single-order form and an integer in search results;
     * names and phones only when `withContact`. Synchronous when the card is cached.
     */
    card(userId: number, form: 'single' | 'search', withContact: boolean): Buffer | Promise<Buffer> {
      const hit = cache.get(userId);
      if (hit) return pickCard(hit, form, withContact);
      return load(userId).then((cards) => {
        if (!cards) throw new Error('party not found');
        if (cache.size >= capacity) cache.delete(cache.keys().next().value as number);
        cache.set(userId, cards);
        return pickCard(cards, form, withContact);
      });
    },
    /** The card when it is in memory, else undefined (and nothing is loaded). */
    cached(userId: number, form: 'single' | 'search', withContact: boolean): Buffer | undefined {
      const hit = cache.get(userId);
      return hit ? pickCard(hit, form, withContact) : undefined;
    },
    forget(userId: number) {
      cache.delete(userId);
    },
  };
}

export type PartyRepository = ReturnType<typeof createPartyRepository>;
