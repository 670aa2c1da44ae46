import type { OrderCount, PersonalData, PhoneRecord, UserRecord } from '../users/user-repository.ts';
import { profilePermalink } from './listings.ts';
import { isoAt } from './time.ts';

/** The members of the private view that are personal data; what the access log names. */
export const PRIVATE_USER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'identification',
  'address',
  'phone',
  'alternative_phone',
  'credit',
] as const;

/** Reputation members, loaded on their own: a failure leaves them empty and the answer is 206. */
export type UserPart = 'seller_reputation' | 'buyer_reputation';

export interface LoadedParts {
  seller_reputation: Record<string, unknown>;
  buyer_reputation: Record<string, unknown>;
  missing: UserPart[];
}

const CANCELED = new Set(['cancelled', 'manually_cancelled']);

/**
 * A stored reputation with its transaction counts taken from the user's order counters, so they always equal the
 * orders a search finds (new orders, the retention purge); ratings and levels stay as stored (decision 0131).
 */
export function withOrderCounts(
  part: UserPart,
  reputation: Record<string, unknown>,
  counts: readonly OrderCount[],
): Record<string, unknown> {
  const side = part === 'seller_reputation' ? 'seller' : 'buyer';
  const mine = counts.filter((c) => c.side === side);
  const stored = reputation.transactions as Record<string, unknown> | undefined;
  // A user who never sold (or bought) keeps the platform's empty reputation as stored.
  if (!stored || (mine.length === 0 && !stored.total)) return reputation;
  const total = mine.reduce((n, c) => n + c.n, 0);
  const canceled = mine.filter((c) => CANCELED.has(c.status)).reduce((n, c) => n + c.n, 0);
  if (side === 'seller') {
    return { ...reputation, transactions: { ...stored, total, completed: total - canceled, canceled } };
  }
  const completed = mine.find((c) => c.status === 'paid')?.n ?? 0;
  return {
    ...reputation,
    canceled_transactions: canceled,
    transactions: {
      ...stored,
      total,
      completed,
      canceled: { ...(stored.canceled as Record<string, unknown>), total: canceled },
    },
  };
}

const permission = (reasons: string[] = []) => ({
  allow: true,
  codes: [] as string[],
  immediate_payment: { required: reasons.length > 0, reasons },
});

/**
 * `status` of spec 2.9. The store keeps what changes (site status and the sell-equals-pay reasons); the rest is
 * what an active account in good standing shows.
 */
export function renderStatus(user: UserRecord) {
  const reasons = user.immediatePaymentReasons;
  return {
    site_status: user.status.site_status ?? 'active',
    list: permission(),
    buy: permission(),
    sell: permission(reasons),
    billing: { allow: true, codes: [] as string[] },
    paymentsvc_tc_accepted: true,
    paymentsvc_account_type: 'personal',
    shippingsvc: user.sellerExperience === 'NEWBIE' ? 'not_accepted' : 'accepted',
    immediate_payment: reasons.length > 0,
    confirmed_email: true,
    user_type: null,
    required_action: '',
  };
}

const phoneOut = (p: PhoneRecord | null) => ({
  area_code: p?.area_code ?? '',
  number: p?.number ?? '',
  extension: p?.extension ?? '',
});

/** Spec 2.9 public view: nothing personal, reputation and status reduced as listed. */
export function renderPublicUser(user: UserRecord, parts: LoadedParts) {
  const buyerTags = (parts.buyer_reputation as { tags?: string[] | null }).tags;
  return {
    id: user.id,
    nickname: user.nickname,
    registration_date: isoAt(user.registrationDate, user.utcOffsetMinutes),
    country_id: user.countryId,
    address: { state: user.addressState, city: user.addressCity },
    user_type: user.userType,
    tags: user.tags,
    logo: user.logo,
    points: user.points,
    site_id: user.siteId,
    permalink: profilePermalink(user.siteId, user.nickname),
    seller_reputation: parts.seller_reputation,
    buyer_reputation: parts.missing.includes('buyer_reputation') ? {} : { tags: buyerTags ?? [] },
    status: { site_status: user.status.site_status ?? 'active' },
  };
}

/** Spec 2.9 private view: every member, personal data opened. Erased values answer empty strings. */
export function renderPrivateUser(user: UserRecord, personal: PersonalData, parts: LoadedParts) {
  return {
    id: user.id,
    nickname: user.nickname,
    registration_date: isoAt(user.registrationDate, user.utcOffsetMinutes),
    first_name: personal.firstName ?? '',
    last_name: personal.lastName ?? '',
    country_id: user.countryId,
    email: personal.email ?? '',
    identification: {
      type: personal.identification?.type ?? '',
      number: personal.identification?.number ?? '',
    },
    address: {
      state: user.addressState,
      city: user.addressCity,
      address: personal.address?.address ?? null,
      zip_code: personal.address?.zip_code ?? null,
    },
    phone: { ...phoneOut(personal.phone), verified: personal.phone?.verified ?? false },
    alternative_phone: phoneOut(personal.alternativePhone),
    user_type: user.userType,
    tags: user.tags,
    logo: user.logo,
    points: user.points,
    site_id: user.siteId,
    permalink: profilePermalink(user.siteId, user.nickname),
    seller_experience: user.sellerExperience,
    seller_reputation: parts.seller_reputation,
    buyer_reputation: parts.buyer_reputation,
    status: renderStatus(user),
    credit: user.credit,
  };
}

/** One account address (the platform's address record), built from the user's own address. */
export function renderAddress(user: UserRecord, personal: PersonalData, stateName: string | null) {
  const line = personal.address?.address ?? '';
  const match = /^(.*\S)\s+(\d[\w-]*)$/.exec(line);
  const contact = [personal.firstName, personal.lastName].filter(Boolean).join(' ');
  const phone = personal.phone?.number ? `${personal.phone.area_code ?? ''}${personal.phone.number}` : null;
  return {
    // One address per account here; its id is derived from the user's so it is stable across reads.
    id: user.id * 10 + 1,
    user_id: String(user.id),
    contact: contact === '' ? null : contact,
    phone,
    address_line: line,
    floor: null,
    apartment: null,
    street_number: match?.[2] ?? null,
    street_name: match?.[1] ?? (line === '' ? null : line),
    zip_code: personal.address?.zip_code ?? null,
    city: { id: null, name: user.addressCity },
    state: { id: user.addressState, name: stateName },
    country: { id: user.countryId, name: user.countryName },
    neighborhood: { id: null, name: null },
    municipality: { id: null, name: null },
    search_location: {
      state: { id: null, name: stateName },
      city: { id: null, name: user.addressCity },
      neighborhood: { id: null, name: null },
    },
    types: ['default_selling_address', 'default_buying_address', 'shipping', 'billing'] as const,
    comment: '',
    geolocation_type: null,
    latitude: null,
    longitude: null,
    status: 'active' as const,
    date_created: isoAt(user.registrationDate, user.utcOffsetMinutes),
    normalized: false,
    open_hours: { on_holidays: { hours: [] as unknown[], status: 'closed' } },
  };
}
