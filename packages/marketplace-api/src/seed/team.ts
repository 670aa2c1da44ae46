import type { OperatorPermission } from '@mostrador/contracts';
import { blindIndex, type Keyring, sealJson } from '@mostrador/server-kit/store';
import { userAad } from '../crypto/user-aad.ts';
import type { AccountOperatorsTable, UsersTable } from '../db/schema.ts';
import { EMPTY_BUYER_REPUTATION, EMPTY_SELLER_REPUTATION } from './account-data.ts';

/**
 * The demo seller's support operator (docs/decisions/0104-team-seed.md): a fixed user, made without drawing from the
 * seed's random streams so every other row stays what it was. Its id sits above any generated user id, so the
 * local sign-in page lists it after the demo sellers and buyers.
 */
export const SUPPORT_OPERATOR = {
  id: 999_000_001,
  nickname: 'SOPORTE_PALERMO',
  siteId: 'MLA',
  /** Blocks buyers and reads orders for TIENDA_PALERMO, but sees no buyer's names or phones. */
  permissions: ['orders.read', 'blocklists.manage'] as OperatorPermission[],
} as const;

export function supportOperatorRows(keyring: Keyring, sellerId: number, now: number) {
  const id = SUPPORT_OPERATOR.id;
  const seal = (column: string, value: unknown) => sealJson(keyring, value, userAad(id, column));
  const email = `soporte.palermo.${id}@example.com`;
  const user: UsersTable = {
    id,
    nickname: SUPPORT_OPERATOR.nickname,
    site_id: SUPPORT_OPERATOR.siteId,
    country_id: 'AR',
    registration_date: now - 200 * 86_400_000,
    user_type: 'normal',
    points: 0,
    tags: JSON.stringify(['normal']),
    logo: null,
    first_name_enc: seal('first_name', 'Valentina'),
    last_name_enc: seal('last_name', 'Soporte'),
    email_enc: seal('email', email),
    email_bidx: blindIndex(keyring, email),
    phone_enc: seal('phone', { area_code: '011', number: '45550100', extension: '', verified: true }),
    alternative_phone_enc: seal('alternative_phone', { area_code: '', number: '', extension: '' }),
    identification_enc: seal('identification', { type: 'DNI', number: '30111222' }),
    address_enc: seal('address', { address: 'Honduras 4800', zip_code: 'C1414' }),
    address_state: 'AR-C',
    address_city: 'Palermo',
    seller_reputation: EMPTY_SELLER_REPUTATION,
    buyer_reputation: EMPTY_BUYER_REPUTATION,
    status: JSON.stringify({ site_status: 'active', immediate_payment: false }),
    credit: JSON.stringify({ consumed: 0, credit_level_id: 'MLA1' }),
    seller_experience: 'NEWBIE',
  };
  const operator: AccountOperatorsTable = {
    seller_id: sellerId,
    operator_user_id: id,
    permissions: SUPPORT_OPERATOR.permissions.join(','),
    created_at: now - 30 * 86_400_000,
    updated_at: now - 30 * 86_400_000,
  };
  return { user, operator };
}
