import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createMarketplaceApi, ensureDemoData, openStore, type Store } from '@mostrador/marketplace-api';
import type { FetchApp } from './app.ts';
import { createBff } from './app.ts';
import { env } from './env.ts';
import { createRemoteMarketplace } from './proxy/remote-marketplace.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function openEmbeddedMarketplace(): Promise<{ marketplace: FetchApp; store: Store }> {
  if (env.DATABASE_FILE !== ':memory:') mkdirSync(dirname(resolve(env.DATABASE_FILE)), { recursive: true });
  const store = await openStore({ file: env.DATABASE_FILE });
  const started = performance.now();
  log(`Checking demo data in ${env.DATABASE_FILE}…`);
  const manifest = await ensureDemoData(store, { orders: env.DEMO_ORDERS });
  if (manifest) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`Seeded ${env.DEMO_ORDERS} demo orders, ${manifest.users.length} users in ${seconds}s.`);
  }
  return { marketplace: createMarketplaceApi({ store }), store };
}

const embedded = env.MARKETPLACE_BASE_URL ? undefined : await openEmbeddedMarketplace();
const marketplace = embedded?.marketplace ?? createRemoteMarketplace(env.MARKETPLACE_BASE_URL as string);
const staticDir = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const app = createBff({ marketplace, staticDir });

const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  process.stdout.write(`Mostrador listening on http://${host}:${info.port}\n`);
});

let closing = false;
function shutdown(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  log(`${signal} received, shutting down…`);
  // A hung close must not keep the process alive forever.
  setTimeout(() => process.exit(1), 10_000).unref();
  server.close(async (error) => {
    if (error) console.error(error);
    try {
      await embedded?.store.close();
    } catch (closeError) {
      console.error(closeError);
      process.exit(1);
    }
    process.exit(error ? 1 : 0);
  });
  // Idle keep-alive sockets would otherwise hold close() open.
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}

process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
