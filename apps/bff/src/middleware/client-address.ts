import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Who a limit counts a request against. */
export type ClientAddress = (c: Context) => string;

/**
 * The TCP peer's address, never a header: `X-Forwarded-For` and friends are whatever the client wrote. IPv4 peers
 * seen through an IPv6 socket count as their IPv4 address; an IPv6 peer counts as its /64, the block one
 * subscriber usually gets, so rotating addresses inside it does not reset the limits (decision 0036).
 */
export const connectionAddress: ClientAddress = (c) => {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  return limitKey(address);
};

export function limitKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** Whether a limit key (see `limitKey`) is this machine's own: 127.0.0.0/8, or the /64 of `::1`. */
export function isLoopbackKey(key: string): boolean {
  return /^127\./.test(key) || key === '0:0:0:0::/64';
}
