import { type Session, sessionSchema } from '@mostrador/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { type WorkingAccount, workingAccount } from '../model/working-account.ts';

export const sessionKey = ['session'] as const;

export const getSession = (signal?: AbortSignal) => request('/bff/session', sessionSchema, { signal });

/** Who is signed in; every account change invalidates this key. */
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionKey, queryFn: ({ signal }) => getSession(signal), staleTime: 60_000 });

/**
 * Everything cached but the session goes: it was read for a session or an account that is no longer the one on
 * screen (the orders, the buyers' names and phones). Given `since`, what was read (or is being read) from then on
 * stays: the new account's, read by the routes that followed the switch.
 */
export function dropAccountData(queryClient: QueryClient, since?: number): void {
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] !== sessionKey[0] &&
      (since === undefined || (query.state.dataUpdatedAt < since && query.state.fetchStatus !== 'fetching')),
  });
}

/**
 * The session works on another account now. The pages on screen ask for what their route names (the previous
 * account) until the routes have run again: forgetting the previous account's reads before that would have those
 * pages ask for them once more, and be refused. So its reads in flight stop, the routes follow the new session
 * (`routesFollow`), and then everything cached for the previous account goes.
 */
export async function switchAccountData(
  queryClient: QueryClient,
  session: Session,
  routesFollow: () => Promise<void>,
): Promise<void> {
  await queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
  // Nothing of the previous account is read past this point (its reads were just stopped).
  const switched = Date.now();
  // The routes follow once, here: `watchSession` leaves this change to us rather than reloading them a second time.
  followedHere += 1;
  try {
    queryClient.setQueryData(sessionKey, session);
  } finally {
    followedHere -= 1;
  }
  await routesFollow();
  // What the routes just read is the new account's: dropping it too would have the pages read it all again.
  dropAccountData(queryClient, switched);
}

/** Set while `switchAccountData` puts a session in the cache, whose routes it then follows itself. */
let followedHere = 0;

/**
 * The session ended (signed out here or in another tab, or refused by the marketplace): the signed-in pages show
 * their sign-in gate at once, before the server is asked again, and nothing read for the session stays cached.
 */
export async function forgetSession(queryClient: QueryClient): Promise<void> {
  const current = queryClient.getQueryData<Session>(sessionKey);
  if (current?.user)
    queryClient.setQueryData<Session>(sessionKey, { user: null, accounts: [], language: current.language });
  dropAccountData(queryClient);
  await queryClient.invalidateQueries({ queryKey: sessionKey });
}

/** The session and the account the dashboard works on: read once, then answered from the cache. */
export async function loadWorkingAccount(
  queryClient: QueryClient,
): Promise<{ session: Session; account: WorkingAccount | null }> {
  const session = await queryClient.ensureQueryData(sessionQueryOptions());
  return { session, account: workingAccount(session) };
}

/**
 * Calls `onChange` each time the session's data changes after it was first read: a sign-out, another account
 * switched to, a team member choosing whom to work on, or a refetch that answers differently. Returns the
 * function that stops watching.
 */
export function watchSession(queryClient: QueryClient, onChange: (session: Session) => void): () => void {
  let seen = queryClient.getQueryData<Session>(sessionKey);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== sessionKey[0]) return;
    const data = event.query.state.data as Session | undefined;
    if (data === undefined || data === seen) return;
    const first = seen === undefined;
    seen = data;
    // The cache tells its listeners as the data is set, so this is the switch's own change.
    if (!first && followedHere === 0) onChange(data);
  });
}

/**
 * Calls `onLanguage` with the language every session read names (decision 0170): the first read, a switch made in
 * the account menu, a sign-in as an account of another site. Returns the function that stops following.
 */
export function followSessionLanguage(
  queryClient: QueryClient,
  onLanguage: (language: Session['language'], session: Session) => void,
): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== sessionKey[0]) return;
    const data = event.query.state.data as Session | undefined;
    if (data) onLanguage(data.language, data);
  });
}
