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
  /** Place in the platform's list (`GET /currencies`). */
  position: number;
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
  /** 1 for the seed's demo accounts, the ones the local sign-in page offers (migration 0004). */
  demo_account?: number;
}

export interface ApplicationsTable {
  id: number;
  name: string;
  owner_user_id: number | null;
  callback_url: string | null;
  topics: string;
  notifications_active: number;
  date_created: Millis;
  /** SHA-256 of the client secret; null until one is configured (migration 0004). */
  client_secret_hash?: string | null;
  /** When the eighth failed attempt of a notification turned notifications off (migration 0005). */
  notifications_deactivated_at?: Millis | null;
}

export interface AccessTokensTable {
  token_hash: string;
  user_id: number;
  application_id: number;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  /** The refresh-token family of a token issued by `POST /oauth/token` (migration 0004). */
  family_id?: string | null;
}

/** Redirect URIs an application registered; `/authorization` accepts only exact matches (migration 0004). */
export interface OAuthRedirectUrisTable {
  application_id: number;
  redirect_uri: string;
}

/** A single-use authorization code, bound to its client, redirect URI and PKCE challenge (migration 0004). */
export interface OAuthAuthorizationCodesTable {
  code_hash: string;
  application_id: number;
  user_id: number;
  redirect_uri: string;
  /** BASE64URL(SHA-256(code_verifier)); only S256 is accepted. */
  code_challenge: string;
  scope: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
  family_id: string | null;
}

/** Single-use, rotating refresh tokens; every token descending from one code shares a family (migration 0004). */
export interface OAuthRefreshTokensTable {
  token_hash: string;
  family_id: string;
  application_id: number;
  user_id: number;
  scope: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
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
  /** Listing data for site search (migration 0002). */
  buying_mode: string;
  accepts_paymentsvc: number;
  /** 0 when the listing offers no instalments. */
  installments_quantity: number;
  installments_no_interest: number;
  free_shipping: number;
  shipping_mode: string;
  state_id: string | null;
  state_name: string | null;
  city_id: string | null;
  city_name: string | null;
  /** Null when the listing has no pictures. */
  thumbnail: string | null;
  original_price_minor: number | null;
  official_store_id: number | null;
}

export interface OrdersTable {
  id: number;
  /** Bumped by every write of the order; read caches keep a document only while its version is current. */
  version: number;
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
  /**
   * The order document without its members (buyer, seller, payments, feedback, shipping, mediations), and each
   * member, as UTF-8 JSON bytes: reads join bytes and write them out without decoding or re-encoding text.
   */
  doc: Uint8Array;
  payments_full: Uint8Array;
  payments_short: Uint8Array;
  feedback_doc: Uint8Array;
  mediations_doc: Uint8Array;
  /** The row of spec 1's delivery table the order is in, for search (migration 0006; see domain/delivery.ts). */
  delivery_case?: string;
  /** 1 once the order passed its `expiration_date` (migration 0014; decision 0290). */
  expired?: number;
  /** The next instant time changes the order (`timeDue` in domain/order-lifecycle.ts); null when none. */
  time_due?: Millis | null;
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
  /** Where the delivery stands and its proof (migration 0006; docs/decisions/0091). */
  delivery_state?: string;
  evidence_kind?: string | null;
  evidence_reference?: string | null;
  evidence_at?: Millis | null;
}

/** How a seller was told of a cancellation or chargeback of one of its sales (migration 0006). */
export interface SellerNoticesTable {
  id: Generated<number>;
  order_id: number;
  seller_id: number;
  channel: string;
  trigger: string;
  delivery_case: string;
  outcome: string;
  created_at: Millis;
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

/** A seller's block of a buyer, from buying (`order`) or from asking (`questions`). */
export interface UserBlocksTable {
  seller_id: number;
  type: string;
  user_id: number;
  created_at: Millis;
}

/** Reasons a seller accepts only the platform's payment mode (sell equals pay); a row per reason. */
export interface ImmediatePaymentReasonsTable {
  user_id: number;
  reason: string;
  created_at: Millis;
}

/** Who read whose personal data, when, and which fields (spec 5, item 6). Insert-only. */
export interface PersonalDataAccessLogTable {
  accessor_user_id: number;
  application_id: number;
  subject_user_id: number;
  accessed_at: Millis;
  resource: string;
  /** Comma-separated field names. */
  fields: string;
  /** The team member who read under the account (`accessor_user_id`); null for the account's own token. */
  operator_user_id: ColumnType<number | null, number | null | undefined, never>;
}

/** A user a seller let act for it, with what it may do (docs/decisions/0100-team-access.md). */
export interface AccountOperatorsTable {
  seller_id: number;
  operator_user_id: number;
  /** Comma-separated permissions of the documented set. */
  permissions: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface CategoriesTable {
  id: string;
  site_id: string;
  name: string;
}

export interface PaymentMethodsTable {
  site_id: string;
  id: string;
  name: string;
  payment_type_id: string;
}

export interface BrandsTable {
  official_store_id: number;
  user_id: number;
  site_id: string;
  name: string;
  fantasy_name: string;
  status: string;
  categories_ids: string;
  tags: string;
  logo_url: string;
  relevance_position: number;
}

export interface PromotionPacksTable {
  id: Generated<number>;
  user_id: number;
  promotion_pack_id: string;
  category_id: string;
  description: string;
  package_type: string;
  status: string;
  engagement_type: string;
  charge_id: number | null;
  date_created: Millis;
  date_start: Millis;
  date_expires: Millis;
  date_stopped: Millis | null;
  last_updated: Millis;
  /** JSON array of {listing_type_id, available_listings, used_listings}. */
  listing_details: string;
}

/** Classified locations (spec 2.12), reference data loaded by the seed; coordinates null where unknown. */
export interface LocationCountriesTable {
  id: string;
  name: string;
  locale: string;
  currency_id: string;
  decimal_separator: string;
  thousands_separator: string;
  /** `GMT-03:00`. */
  time_zone: string;
  latitude: number | null;
  longitude: number | null;
  /** Order of the platform's own lists. */
  position: number;
}

export interface LocationStatesTable {
  id: string;
  country_id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  position: number;
}

export interface LocationCitiesTable {
  id: string;
  state_id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  position: number;
}

export interface LocationNeighborhoodsTable {
  id: string;
  city_id: string;
  parent_id: string | null;
  name: string;
  latitude: number | null;
  longitude: number | null;
  position: number;
}

/** Items opted into a catalog product; their reviews are also read through the product (spec 4.4). */
export interface CatalogItemsTable {
  item_id: string;
  catalog_product_id: string;
}

export interface ReviewsTable {
  id: number;
  item_id: string;
  catalog_product_id: string | null;
  reviewer_id: number;
  site_id: string;
  status: string;
  title: string;
  content: string;
  rate: number;
  valorization: number;
  likes: number;
  dislikes: number;
  relevance: number;
  forbidden_words: number;
  date_created: Millis;
  buying_date: Millis;
}

/** A notification waiting for (or done with) delivery; written in the transaction of the change (migration 0005). */
export interface NotificationOutboxTable {
  id: Generated<number>;
  /** The `_id` of the body and of `/myfeeds`. */
  feed_id: string;
  application_id: number;
  user_id: number;
  topic: string;
  resource: string;
  /** When the change happened: the body's `received`. */
  received: Millis;
  /** Attempts made so far; the next body carries attempts + 1. */
  attempts: number;
  /** Failed attempts since the application's notifications were last (re)activated. */
  failures: number;
  next_attempt_at: Millis;
  /** A dispatcher worker's lease on the row; another worker may take it once it has passed. */
  claimed_until: Millis | null;
  claimed_by: string | null;
  delivered_at: Millis | null;
}

/** One POST of a notification to the callback: what was sent and what came back. */
export interface NotificationAttemptsTable {
  outbox_id: number;
  attempt: number;
  sent: Millis;
  url: string;
  /** JSON object. */
  request_headers: string;
  request_body: string;
  /** Null when no answer came (timeout, refused connection). */
  http_code: number | null;
  /** `timeout`, `network_error` or `invalid_callback`; null when an answer came. */
  error: string | null;
  response_time_ms: number;
  /** JSON object. */
  response_headers: string;
  /** At most 1,000 characters. */
  response_body: string;
}

export interface SchemaMeta {
  key: string;
  value: string;
}

/** What changed, for every process's read model (docs/decisions/0114). */
export interface ReadModelChangesTable {
  id: Generated<number>;
  kind: 'user';
  key: number;
  at: Millis;
}

/** A fault on purpose (decision 0293), set by `npm run faults`. */
export interface FaultRulesTable {
  id: Generated<number>;
  fault: string;
  method: string | null;
  path: string | null;
  topic: string | null;
  remaining: number | null;
  fraction: number;
  created_at: Millis;
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
  location_countries: LocationCountriesTable;
  location_states: LocationStatesTable;
  location_cities: LocationCitiesTable;
  location_neighborhoods: LocationNeighborhoodsTable;
  catalog_items: CatalogItemsTable;
  reviews: ReviewsTable;
  user_blocks: UserBlocksTable;
  immediate_payment_reasons: ImmediatePaymentReasonsTable;
  personal_data_access_log: PersonalDataAccessLogTable;
  categories: CategoriesTable;
  payment_methods: PaymentMethodsTable;
  brands: BrandsTable;
  promotion_packs: PromotionPacksTable;
  oauth_redirect_uris: OAuthRedirectUrisTable;
  oauth_authorization_codes: OAuthAuthorizationCodesTable;
  oauth_refresh_tokens: OAuthRefreshTokensTable;
  notification_outbox: NotificationOutboxTable;
  notification_attempts: NotificationAttemptsTable;
  seller_notices: SellerNoticesTable;
  account_operators: AccountOperatorsTable;
  read_model_changes: ReadModelChangesTable;
  fault_rules: FaultRulesTable;
}

export type { ColumnType, Generated };
