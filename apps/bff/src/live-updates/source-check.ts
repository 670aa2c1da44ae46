import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Spec 6.5: the addresses notifications come from (they may change: `NOTIFICATION_SOURCES` overrides them). */
export const PLATFORM_NOTIFICATION_SOURCES = [
  '54.88.218.97',
  '18.215.140.160',
  '18.213.114.129',
  '18.206.34.84',
  '35.236.253.169',
  '35.245.91.34',
  '35.245.20.104',
  '35.186.182.146',
] as const;

/**
 * Who may deliver notifications (decision 0052): `platform` the spec's addresses only; `loopback` those and this
 * machine (local use, where the embedded marketplace sends); `off` anyone (behind a proxy that checks instead).
 */
export type SourceCheck = 'platform' | 'loopback' | 'off';

/** The TCP peer's address as text, IPv4-mapped IPv6 unwrapped; never a header. */
export function peerAddress(c: Context): string | undefined {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address.toLowerCase();
}

export function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

export function sourceAllowed(
  address: string | undefined,
  check: SourceCheck,
  sources: readonly string[] = PLATFORM_NOTIFICATION_SOURCES,
): boolean {
  if (check === 'off') return true;
  if (address === undefined) return false;
  if (sources.includes(address)) return true;
  return check === 'loopback' && isLoopbackAddress(address);
}
