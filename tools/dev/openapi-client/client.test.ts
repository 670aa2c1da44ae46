import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { configureOAuthClient, createMarketplaceApi } from '@mostrador/marketplace-api';
import { openTestStore, SEED_NOW, seedStore, tokenIssuer } from '@mostrador/marketplace-api/test-support';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Called, World } from './world.ts';

/**
 * A client generated from the live document, as an integrator would make one (docs/decisions/0277): its types by
 * openapi-typescript, its calls by openapi-fetch. The generated types and `calls.ts` are compiled together with the
 * project's own `tsc`, then `calls.ts` calls every operation of the document over real HTTP.
 */

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
/** The project's compiler (the root's `typescript`), not the one openapi-typescript brings for itself. */
const projectTsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const REDIRECT = 'http://127.0.0.1:4000/bff/callback';

let server: ReturnType<typeof serve>;
let baseUrl: string;
let folder: string;
let document: { paths: Record<string, Record<string, unknown>> };
let world: World;

beforeAll(async () => {
  const store = await openTestStore();
  const manifest = await seedStore(store, { orders: 300, seed: 7, now: SEED_NOW });
  const now = SEED_NOW + 60_000;
  const app = createMarketplaceApi({ store, clock: () => new Date(now), localUse: true });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as typeof document;

  const tokenOf = tokenIssuer(store, () => now);
  const party = async (nickname: string) => {
    const user = manifest.users.find((u) => u.nickname === nickname)!;
    return { id: user.id, token: user.access_token };
  };
  const seller = await party('TIENDA_PALERMO');
  const shipment = await store.db
    .selectFrom('orders')
    .select(['id', 'shipping_id'])
    .where('seller_id', '=', seller.id)
    .where('shipping_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const ready = await store.db
    .selectFrom('shipments')
    .innerJoin('orders', 'orders.id', 'shipments.order_id')
    .select(['shipments.id', 'shipments.seller_id'])
    .where('shipments.delivery_state', '=', 'label_not_printed')
    .where('orders.status', '=', 'paid')
    .executeTakeFirstOrThrow();
  const items = await store.db
    .selectFrom('items')
    .select('id')
    .where('seller_id', '=', seller.id)
    .where('available_quantity', '>', 5)
    .orderBy('id')
    .limit(4)
    .execute();
  const reviewed = await store.db.selectFrom('reviews').select('item_id').executeTakeFirstOrThrow();
  const application = manifest.applications[0]!;
  await configureOAuthClient(store, {
    applicationId: application.id,
    clientSecret: 'generated-client-test-secret-0123456789',
    redirectUris: [REDIRECT],
  });
  const verifier = randomBytes(32).toString('base64url');
  world = {
    baseUrl,
    seller,
    otherSeller: await party('LOJA_PINHEIROS'),
    buyer: await party('COMPRADOR_BELGRANO'),
    revoking: await party('COMPRADORA_SAMPA'),
    applicationId: application.id,
    owner: { id: application.owner_user_id!, token: await tokenOf(application.owner_user_id!) },
    orderId: Number(shipment.id),
    shipmentId: Number(shipment.shipping_id),
    readyShipment: {
      id: Number(ready.id),
      seller: { id: Number(ready.seller_id), token: await tokenOf(Number(ready.seller_id)) },
    },
    itemIds: items.map((i) => i.id),
    stateId: 'TUxBUENBUGw3M2E1',
    reviewedItemId: reviewed.item_id,
    authorization: {
      redirectUri: REDIRECT,
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    },
  };
  // Beside this file, so the generated client resolves openapi-fetch as the workspace does; removed afterwards.
  folder = mkdtempSync(join(here, '.generated-'));
});

afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  await new Promise((resolve) => server?.close(resolve));
});

describe('a client generated from the live OpenAPI document', () => {
  it('compiles with the project’s tsc, without casts, against the generated types', async () => {
    writeFileSync(join(folder, 'schema.ts'), astToString(await openapiTS(document as never)));
    copyFileSync(join(here, 'calls.ts'), join(folder, 'calls.ts'));
    copyFileSync(join(here, 'world.ts'), join(folder, 'world.ts'));
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../../../tsconfig.base.json',
        compilerOptions: { types: ['node'], incremental: false },
        files: ['calls.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [projectTsc, '-p', join(folder, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('calls every operation of the document and gets what the document promises', async () => {
    const loaded: { callEveryOperation(world: World): Promise<Called[]> } = await import(
      join(folder, 'calls.ts')
    );
    const called = await loaded.callEveryOperation(world);
    const statuses = new Map(called.map((c) => [c.operation, c.status]));
    const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(100);
    expect([...statuses.keys()].sort()).toEqual([...operations].sort());
    // The authorization server's form and token endpoint take forms the document does not type: called bare, they
    // answer their refusals. Every other operation succeeds.
    const refused = ['POST /authorization', 'POST /oauth/token'];
    for (const { operation, status } of called) {
      if (refused.includes(operation)) expect(status, operation).toBe(400);
      else expect(status, operation).toBeLessThan(300);
    }
  });
});
