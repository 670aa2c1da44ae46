import type { Generated } from 'kysely';

/** Epoch milliseconds. */
type Millis = number;

/** A browser's session: only the SHA-256 of the cookie value is stored, so a copy of the table opens nothing. */
export interface BffSessionsTable {
  id_hash: string;
  /** The account `/api` calls act as; null until the first sign-in completes. */
  active_user_id: number | null;
  created_at: Millis;
  last_seen_at: Millis;
  /** Absolute end of the session, whatever the activity. */
  expires_at: Millis;
  /** The seller account the active user works on as a team member (decision 0103); null for its own. */
  acting_seller_id?: number | null;
  /** The language chosen in this session (decision 0170); null when none was. */
  language?: string | null;
}

/** An account signed in to a session; its tokens are sealed with AES-256-GCM (store keyring). */
export interface BffAccountsTable {
  session_id_hash: string;
  user_id: number;
  nickname: string;
  site_id: string | null;
  access_token_enc: string;
  /** Null for a token an integrator brought (`POST /bff/session`): its lifetime is not known. */
  access_expires_at: Millis | null;
  refresh_token_enc: string | null;
  signed_in_at: Millis;
  updated_at: Millis;
}

/** A sign-in between `/bff/login` and `/bff/callback`; single use, ten minutes. */
export interface BffLoginFlowsTable {
  state_hash: string;
  /** SHA-256 of the login cookie, so only the browser that started the flow can finish it. */
  binding_hash: string;
  code_verifier_enc: string;
  redirect_uri: string;
  return_to: string;
  /** The session the new account joins (its cookie is SameSite=Strict and may not come back on the callback). */
  session_id_hash: string | null;
  created_at: Millis;
  expires_at: Millis;
}

/** Why a seller blocked a buyer from one list (decision 0071); never read to decide a block. */
export interface BffBlockNotesTable {
  seller_id: number;
  buyer_id: number;
  list: 'order' | 'questions';
  reason: string;
  /** Plain text: only in rows written before notes were sealed, blanked once they are (decision 0184). */
  note: string;
  /** The note sealed with the store's keyring, bound to its seller, buyer and list; null only in those old rows. */
  note_enc: string | null;
  updated_by_id: number;
  updated_by_nickname: string;
  updated_at: Millis;
}

/** One block or unblock made through the BFF: who, whom, which list, when. Append-only. */
export interface BffBlockAuditTable {
  id: Generated<number>;
  seller_id: number;
  buyer_id: number;
  list: 'order' | 'questions';
  action: 'blocked' | 'unblocked';
  actor_id: number;
  actor_nickname: string;
  at: Millis;
}

/** A note of the seller's team on one of its orders (decision 0181); the text is sealed, bound to its order. */
export interface BffOrderNotesTable {
  id: Generated<number>;
  seller_id: number;
  order_id: number;
  author_id: number;
  author_nickname: string;
  text_enc: string;
  created_at: Millis;
}

/**
 * A notification the marketplace sent, waiting for (or done with) the worker (decision 0051). Its body is not
 * trusted: only whom it is about and which order changed are kept.
 */
export interface BffNotificationQueueTable {
  /** Autoincrement: the order of arrival. */
  id: Generated<number>;
  user_id: number;
  topic: string;
  resource: string;
  /** The marketplace's `received` of the earliest notification folded in here, epoch ms. */
  changed_at: Millis;
  arrived_at: Millis;
  /** pending → done, or parked (with `park_reason`) when it cannot be delivered to anyone. */
  state: 'pending' | 'done' | 'parked';
  /** Not before this (a retry after the platform failed to answer). */
  due_at: Millis;
  claimed_by: string | null;
  claimed_until: Millis | null;
  tries: number;
  park_reason: string | null;
  finished_at: Millis | null;
}

/** Every notification id received, and the queue row it went into: folds repeats of the same `_id`. */
export interface BffNotificationReceiptsTable {
  notification_id: string;
  queue_id: number;
  arrived_at: Millis;
}

/** What `/bff/events` streams: one row per published event, ids increasing (decision 0053). */
export interface BffEventsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The event's JSON, as streamed. */
  data: string;
  created_at: Millis;
}

/** What a marketplace user chose for the dashboard, kept across sessions (decision 0170). */
export interface BffUserPreferencesTable {
  user_id: number;
  language: string;
  updated_at: Millis;
}

/** A saved view of the order list, kept for a seller account and its team (decision 0193). */
export interface BffSavedViewsTable {
  account_id: number;
  id: string;
  name: string;
  /** The name in lower case: one view per name. */
  name_key: string;
  /** The list's search, JSON. */
  search: string;
  /** The columns shown, JSON; null when the view leaves them as they are. */
  columns: string | null;
  created_at: Millis;
  updated_by_id: number;
  updated_by_nickname: string;
  updated_at: Millis;
}

/** The account a user last chose to work on (decision 0185); a new session starts there. */
export interface BffWorkingAccountsTable {
  user_id: number;
  /** A seller the user operates, or null for its own account. */
  seller_id: number | null;
  updated_at: Millis;
}

/** Whose turn it is to write a capped collection (decision 0255): taken before counting, held until the commit. */
export interface BffWriteTurnsTable {
  scope: 'saved_views' | 'block_notes' | 'order_notes';
  /** The account (saved views, block notes) or the order (its notes). */
  owner_id: number;
  taken_at: Millis;
}

/** Where the projection of a seller's orders stands (decision 0281). */
export interface BffSellerDaySellersTable {
  seller_id: number;
  state: 'filling' | 'ready';
  /** The fill reads orders created from here on (the marketplace's clock); null once it ended. */
  fill_from: Millis | null;
  /** Every change up to here (the orders' `last_updated`) is in the projection: the next catch-up reads from it. */
  synced_to: Millis | null;
  /** The last time the projection was known to agree with the marketplace. */
  as_of: Millis | null;
  /** The instance filling or catching up, and until when its turn lasts. */
  lease_owner: string | null;
  lease_until: Millis | null;
  currency_id: string | null;
  utc_offset: string | null;
}

/** One order of a seller as Today and Insights read it (decision 0281); money in hundredths. */
export interface BffSellerDayOrdersTable {
  order_id: number;
  seller_id: number;
  date_created: Millis;
  /** The calendar day of `date_created` at the site's offset. */
  day: string;
  last_updated: Millis;
  status: string;
  currency_id: string;
  total_cents: number;
  receives_cents: number;
  units: number;
  sale: number;
  cancelled: number;
  fraud: number;
  purchase_rating: string | null;
  to_ship: number;
  fraud_open: number;
  /** The buyer's feedback waits for the seller's reply until then; null when nothing waits. */
  reply_due_until: Millis | null;
  unrated: number;
  mediation_open: number;
  at_risk: number;
  buyer_nickname: string | null;
  title: string;
  shipment_state: string | null;
  missing_evidence: string | null;
  mediation_stage: string | null;
  feedback_date: Millis | null;
}

/** One line of a projected order: the products' revenue. */
export interface BffSellerDayLinesTable {
  order_id: number;
  line: number;
  seller_id: number;
  date_created: Millis;
  sale: number;
  item_id: string;
  title: string;
  quantity: number;
  revenue_cents: number;
}

export interface BffDatabase {
  bff_sessions: BffSessionsTable;
  bff_accounts: BffAccountsTable;
  bff_login_flows: BffLoginFlowsTable;
  bff_block_notes: BffBlockNotesTable;
  bff_block_audit: BffBlockAuditTable;
  bff_notification_queue: BffNotificationQueueTable;
  bff_notification_receipts: BffNotificationReceiptsTable;
  bff_events: BffEventsTable;
  bff_user_preferences: BffUserPreferencesTable;
  bff_order_notes: BffOrderNotesTable;
  bff_saved_views: BffSavedViewsTable;
  bff_working_accounts: BffWorkingAccountsTable;
  bff_write_turns: BffWriteTurnsTable;
  bff_seller_day_sellers: BffSellerDaySellersTable;
  bff_seller_day_orders: BffSellerDayOrdersTable;
  bff_seller_day_lines: BffSellerDayLinesTable;
}
