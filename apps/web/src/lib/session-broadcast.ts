/**
 * What one tab tells the others about the session they share (one cookie for the whole browser): it was signed out,
 * the marketplace ended it, or it now works on another account. A tab never hears its own messages.
 */
export type SessionChange = 'signed-out' | 'ended' | 'account-changed';

const CHANNEL_NAME = 'mostrador.session';
const CHANGES: readonly SessionChange[] = ['signed-out', 'ended', 'account-changed'];

let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  return channel;
}

/** Tells every other tab of this browser what happened to the session. */
export function announceSessionChange(change: SessionChange): void {
  sessionChannel()?.postMessage({ change });
}

/** Calls `listener` for each change another tab announces; returns the function that stops listening. */
export function onSessionChangeElsewhere(listener: (change: SessionChange) => void): () => void {
  const target = sessionChannel();
  if (!target) return () => undefined;
  const handle = (event: MessageEvent<unknown>) => {
    const change = (event.data as { change?: unknown } | null)?.change;
    if (CHANGES.includes(change as SessionChange)) listener(change as SessionChange);
  };
  target.addEventListener('message', handle);
  return () => target.removeEventListener('message', handle);
}
