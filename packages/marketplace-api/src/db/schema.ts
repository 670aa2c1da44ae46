import type { ColumnType, Generated } from 'kysely';

/** Epoch milliseconds; rendered as ISO 8601 with the site's offset at the edge. */
type Millis = number;

export interface SitesTable {
  id: string;
  country_id: string;
  name: string;
  currency_id: string;
  /** Fixed offset of the site's time zone, e.g. -180 for GMT-03:00. */
  utc_offset_minutes: number;
}

export interface CurrenciesTable {
  id: string;
  description: string;
  symbol: string;
  decimal_places: number;
  /** Units of this currency per US dollar; conversions are ratios of these, so they stay consistent. */
  usd_rate: number;
  rate_updated_at: Millis;
}

export interface UsersTable {
  id: number;
  nickname: string;
  site_id: string;
  country_id: string;
  registration_date: Millis;
  user_type: string;
  points: number;
  tags: string;
  logo: string | null;
  /** Personal data, each value sealed with AES-256-GCM (see crypto/personal-data.ts). */
  first_name_enc: string | null;
  last_name_enc: string | null;
  email_enc: string | null;
  email_bidx: string | null;
  phone_enc: string | null;
  alternative_phone_enc: string | null;
  identification_enc: string | null;
  address_enc: string | null;
  address_state: string | null;
  address_city: string | null;
  seller_reputation: string;
  buyer_reputation: string;
  status: string;
  credit: string;
  seller_experience: string;
}

export interface ApplicationsTable {
  id: number;
  name: string;
  owner_user_id: number | null;
  callback_url: string | null;
  topics: string;
  notifications_active: number;
  date_created: Millis;
}

export interface AccessTokensTable {
  token_hash: string;
  user_id: number;
  application_id: number;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
}

export interface ItemsTable {
  id: string;
  site_id: string;
  seller_id: number;
  title: string;
  category_id: string;
  condition: string;
  listing_type_id: string;
  currency_id: string;
  price_minor: number;
  available_quantity: number;
  sold_quantity: number;
  date_created: Millis;
}

export interface OrdersTable {
  id: number;
  seller_id: number;
  buyer_id: number;
  site_id: string;
  status: string;
  currency_id: string;
  total_minor: number;
  date_created: Millis;
  date_closed: Millis | null;
  last_updated: Millis;
  /** Tags wrapped in commas (",paid,delivered,") so one tag can be matched with LIKE on any store. */
  tags: string;
  /** Lower-cased, accent-free item ids and titles, for `item` and `q`. */
  search_text: string;
  feedback_status: string;
  feedback_sale_rating: string | null;
  feedback_purchase_rating: string | null;
  feedback_sale_fulfilled: number | null;
  feedback_purchase_fulfilled: number | null;
  mediation_stage: string | null;
  mediation_status: string | null;
  shipping_id: number | null;
  /** The order document without its members (buyer, seller, payments, feedback, shipping, mediations). */
  doc: string;
  payments_full: string;
  payments_short: string;
  feedback_doc: string;
  mediations_doc: string;
}

/** Per user, side and status: how many orders; kept in the same transaction as every order write. */
export interface OrderCountsTable {
  user_id: number;
  side: string;
  status: string;
  n: number;
}

export interface ShipmentsTable {
  id: number;
  order_id: number;
  seller_id: number;
  buyer_id: number;
  status: string;
  mode: string;
  currency_id: string;
  cost_minor: number;
  list_cost_minor: number;
  date_created: Millis;
  last_updated: Millis;
  /** Shipment document in the new format (x-format-new), without `lead_time` money (rendered from columns). */
  doc: string;
}

export interface OrderDiscountsTable {
  order_id: number;
  details: string;
}

export interface OrderProductTable {
  order_id: number;
  attributes: string;
}

export interface FeedbackTable {
  id: number;
  order_id: number;
  role: string;
  from_user_id: number;
  to_user_id: number;
  fulfilled: number;
  rating: string;
  reason: string | null;
  message: string | null;
  date_created: Millis;
  reply: string | null;
  reply_date: Millis | null;
}

export interface SchemaMeta {
  key: string;
  value: string;
}

export interface Database {
  sites: SitesTable;
  currencies: CurrenciesTable;
  users: UsersTable;
  applications: ApplicationsTable;
  access_tokens: AccessTokensTable;
  items: ItemsTable;
  orders: OrdersTable;
  order_counts: OrderCountsTable;
  shipments: ShipmentsTable;
  order_discounts: OrderDiscountsTable;
  order_product: OrderProductTable;
  feedback: FeedbackTable;
  store_meta: SchemaMeta;
}

export type { ColumnType, Generated };
