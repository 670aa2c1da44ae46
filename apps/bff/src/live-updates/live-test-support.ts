import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { DEMO_APPLICATION_ID } from '@mostrador/marketplace-api';
import { sql } from 'kysely';
import type { FetchApp } from '../marketplace.ts';
import type { Kit } from '../test-support.ts';

/** The BFF on a real HTTP port (loopback), as the marketplace and browsers reach it. */
export async function listen(
  app: FetchApp,
  port = 0,
): Promise<{ server: ServerType; url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, (info: AddressInfo) => {
      resolve({
        server,
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let sequence = 0;

/** A notification body as the platform sends it (spec 6, decision 0043). */
export function notificationBody(userId: number, orderId: number, overrides: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  sequence++;
  return {
    _id: `feed-${Date.now().toString(36)}-${sequence}`,
    resource: `/orders/${orderId}`,
    user_id: userId,
    topic: 'orders_v2',
    application_id: DEMO_APPLICATION_ID,
    attempts: 1,
    sent: now,
    received: now,
    ...overrides,
  };
}

export async function postNotification(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 5_000,
) {
  return fetch(`${url}/bff/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** Ids of a seller's orders, newest first. */
export async function ordersOf(kit: Kit, sellerId: number, limit = 20): Promise<number[]> {
  const rows = await sql<{
    id: number;
  }>`select id from orders where seller_id = ${sellerId} order by id desc limit ${limit}`.execute(
    kit.store.db,
  );
  return rows.rows.map((r) => Number(r.id));
}

/** Headers of a browser's request to the served BFF: its session cookie. */
export const cookieOf = (browser: { cookieHeader(): string }) => ({ cookie: browser.cookieHeader() });
