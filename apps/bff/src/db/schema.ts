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

export interface BffDatabase {
  bff_sessions: BffSessionsTable;
  bff_accounts: BffAccountsTable;
  bff_login_flows: BffLoginFlowsTable;
}
