import type { Kysely } from 'kysely';
import { type Keyring, openJson, userAad } from '../crypto/personal-data.ts';
import type { Database } from '../db/schema.ts';

interface Phone {
  area_code: string | null;
  extension: string | null;
  number: string | null;
  verified?: boolean;
}

interface PartyCard {
  nickname: string;
  /** Pre-rendered tails of the card, after `"id":…,`: the contact part only for callers allowed to see it. */
  contact: string;
  nicknameOnly: string;
}

/**
 * Buyer and seller cards of orders (spec 2.4). Personal data is opened once per user and kept in a bounded cache;
 * a user's change drops the entry. An order read then costs one map lookup per party.
 */
export function createPartyRepository(db: Kysely<Database>, keyring: Keyring, capacity = 50_000) {
  const cache = new Map<number, PartyCard>();

  async function load(userId: number): Promise<PartyCard | null> {
    const row = await db
      .selectFrom('users')
      .select(['id', 'nickname', 'first_name_enc', 'last_name_enc', 'phone_enc', 'alternative_phone_enc'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    const firstName = openJson<string>(keyring, row.first_name_enc, userAad(userId, 'first_name'));
    const lastName = openJson<string>(keyring, row.last_name_enc, userAad(userId, 'last_name'));
    const phone = openJson<Phone>(keyring, row.phone_enc, userAad(userId, 'phone'));
    const alt = openJson<Phone>(keyring, row.alternative_phone_enc, userAad(userId, 'alternative_phone'));
    const nickname = JSON.stringify(row.nickname);
    return {
      nickname: row.nickname,
      nicknameOnly: `"nickname":${nickname}}`,
      contact:
        `"nickname":${nickname},"first_name":${JSON.stringify(firstName)},"last_name":${JSON.stringify(lastName)},` +
        `"phone":${JSON.stringify({
          area_code: phone?.area_code ?? null,
          extension: phone?.extension ?? null,
          number: phone?.number ?? null,
          verified: phone?.verified ?? false,
        })},"alternative_phone":${JSON.stringify({
          area_code: alt?.area_code ?? null,
          extension: alt?.extension ?? null,
          number: alt?.number ?? null,
        })}}`,
    };
  }

  async function card(userId: number): Promise<PartyCard | null> {
    const hit = cache.get(userId);
    if (hit) return hit;
    const loaded = await load(userId);
    if (loaded) {
      if (cache.size >= capacity) cache.delete(cache.keys().next().value as number);
      cache.set(userId, loaded);
    }
    return loaded;
  }

  return {
    /**
     * The JSON of a party card: `id` as a string in the single-order form and an integer in search results;
     * names and phones only when `withContact`.
     */
    async cardJson(userId: number, form: 'single' | 'search', withContact: boolean): Promise<string> {
      const c = await card(userId);
      if (!c) throw new Error('party not found');
      const id = form === 'single' ? `"${userId}"` : String(userId);
      return `{"id":${id},${withContact ? c.contact : c.nicknameOnly}`;
    },
    forget(userId: number) {
      cache.delete(userId);
    },
  };
}

export type PartyRepository = ReturnType<typeof createPartyRepository>;
