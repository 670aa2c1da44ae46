import { blindIndex, type Keyring, openJson, sealJson } from '@mostrador/server-kit/store';
import type { Kysely, Updateable } from 'kysely';
import { userAad } from '../crypto/user-aad.ts';
import type { Database } from '../db/schema.ts';
import { userChanged } from '../orders/read-model/changes.ts';

export interface PhoneRecord {
  area_code: string | null;
  number: string | null;
  extension: string | null;
  verified?: boolean;
}

/** The opened personal data of a user; null members were never given or were erased. */
export interface PersonalData {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: PhoneRecord | null;
  alternativePhone: PhoneRecord | null;
  identification: { type: string; number: string } | null;
  address: { address: string | null; zip_code: string | null } | null;
}

/** The parts of a user row that are not personal data, plus the site's offset for timestamps. */
export interface UserRecord {
  id: number;
  nickname: string;
  siteId: string;
  countryId: string;
  countryName: string;
  utcOffsetMinutes: number;
  registrationDate: number;
  userType: string;
  points: number;
  tags: string[];
  logo: string | null;
  addressState: string | null;
  addressCity: string | null;
  /** Stored JSON, parsed by the reader so a damaged part can be reported on its own (206). */
  sellerReputation: string;
  buyerReputation: string;
  status: { site_status?: string };
  credit: { consumed: number; credit_level_id: string };
  sellerExperience: string;
  immediatePaymentReasons: string[];
}

export interface OrderCount {
  side: 'seller' | 'buyer';
  status: string;
  n: number;
}

export interface UserPatch {
  firstName?: string;
  lastName?: string;
  phone?: { area_code: string; number: string; extension: string };
  alternativePhone?: { area_code: string; number: string; extension: string };
  address?: { address: string; state: string; city: string; zip_code: string };
}

const COLUMNS = [
  'users.id',
  'users.nickname',
  'users.site_id',
  'users.country_id',
  'users.registration_date',
  'users.user_type',
  'users.points',
  'users.tags',
  'users.logo',
  'users.address_state',
  'users.address_city',
  'users.seller_reputation',
  'users.buyer_reputation',
  'users.status',
  'users.credit',
  'users.seller_experience',
  'sites.utc_offset_minutes',
  'sites.name as country_name',
] as const;

export function createUserRepository(db: Kysely<Database>, keyring: Keyring) {
  const base = () => db.selectFrom('users').innerJoin('sites', 'sites.id', 'users.site_id').select(COLUMNS);

  async function toRecord(row: Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>) {
    const id = Number(row.id);
    const reasons = await db
      .selectFrom('immediate_payment_reasons')
      .select('reason')
      .where('user_id', '=', id)
      .orderBy('reason')
      .execute();
    return {
      id,
      nickname: row.nickname,
      siteId: row.site_id,
      countryId: row.country_id,
      countryName: row.country_name,
      utcOffsetMinutes: row.utc_offset_minutes,
      registrationDate: Number(row.registration_date),
      userType: row.user_type,
      points: row.points,
      tags: JSON.parse(row.tags) as string[],
      logo: row.logo,
      addressState: row.address_state,
      addressCity: row.address_city,
      sellerReputation: row.seller_reputation,
      buyerReputation: row.buyer_reputation,
      status: JSON.parse(row.status) as { site_status?: string },
      credit: JSON.parse(row.credit) as UserRecord['credit'],
      sellerExperience: row.seller_experience,
      immediatePaymentReasons: reasons.map((r) => r.reason),
    } satisfies UserRecord;
  }

  return {
    async find(id: number): Promise<UserRecord | null> {
      const row = await base().where('users.id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    /** Nicknames are unique across sites; the site narrows the answer to sellers of that site. */
    async findByNickname(siteId: string, nickname: string): Promise<UserRecord | null> {
      const row = await base()
        .where('users.nickname', '=', nickname)
        .where('users.site_id', '=', siteId)
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    /** The user's orders by side and status: the counters the life cycle and the retention purge keep. */
    async orderCounts(id: number): Promise<OrderCount[]> {
      const rows = await db
        .selectFrom('order_counts')
        .select(['side', 'status', 'n'])
        .where('user_id', '=', id)
        .execute();
      return rows.map((r) => ({ side: r.side as OrderCount['side'], status: r.status, n: Number(r.n) }));
    },

    async exists(id: number): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /** Opens the sealed values of one user; only for answers that may show them. */
    async personal(id: number): Promise<PersonalData> {
      const row = await db
        .selectFrom('users')
        .select([
          'first_name_enc',
          'last_name_enc',
          'email_enc',
          'phone_enc',
          'alternative_phone_enc',
          'identification_enc',
          'address_enc',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        firstName: openJson<string>(keyring, row.first_name_enc, userAad(id, 'first_name')),
        lastName: openJson<string>(keyring, row.last_name_enc, userAad(id, 'last_name')),
        email: openJson<string>(keyring, row.email_enc, userAad(id, 'email')),
        phone: openJson<PhoneRecord>(keyring, row.phone_enc, userAad(id, 'phone')),
        alternativePhone: openJson<PhoneRecord>(
          keyring,
          row.alternative_phone_enc,
          userAad(id, 'alternative_phone'),
        ),
        identification: openJson(keyring, row.identification_enc, userAad(id, 'identification')),
        address: openJson(keyring, row.address_enc, userAad(id, 'address')),
      };
    },

    /** Re-seals the changed values under the current key; a changed phone is no longer verified. */
    async update(id: number, patch: UserPatch): Promise<void> {
      const seal = (column: string, value: unknown) => sealJson(keyring, value, userAad(id, column));
      const set: Updateable<Database['users']> = {};
      if (patch.firstName !== undefined) set.first_name_enc = seal('first_name', patch.firstName);
      if (patch.lastName !== undefined) set.last_name_enc = seal('last_name', patch.lastName);
      if (patch.phone) set.phone_enc = seal('phone', { ...patch.phone, verified: false });
      if (patch.alternativePhone)
        set.alternative_phone_enc = seal('alternative_phone', patch.alternativePhone);
      if (patch.address) {
        set.address_enc = seal('address', {
          address: patch.address.address,
          zip_code: patch.address.zip_code,
        });
        set.address_state = patch.address.state;
        set.address_city = patch.address.city;
      }
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set(set).where('id', '=', id).execute();
        if (
          set.first_name_enc !== undefined ||
          set.last_name_enc !== undefined ||
          set.phone_enc ||
          set.alternative_phone_enc
        )
          await userChanged(trx, id);
      });
    },

    async addImmediatePayment(id: number, reason: string, now: number): Promise<void> {
      await db
        .insertInto('immediate_payment_reasons')
        .values({ user_id: id, reason, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'reason']).doNothing())
        .execute();
    },

    async removeImmediatePayment(id: number, reason: string): Promise<void> {
      await db
        .deleteFrom('immediate_payment_reasons')
        .where('user_id', '=', id)
        .where('reason', '=', reason)
        .execute();
    },

    /** For sign-in by e-mail: the blind index finds the row without opening any value. */
    async idByEmail(email: string): Promise<number | null> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('email_bidx', '=', blindIndex(keyring, email))
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
