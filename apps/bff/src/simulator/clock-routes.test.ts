import { clockStatusSchema, errorBodySchema } from '@mostrador/contracts';
import {
  applicationOwner,
  DEMO_APPLICATION_ID,
  moveClock,
  readClock,
  type Store,
} from '@mostrador/marketplace-api';
import { describe, expect, it } from 'vitest';
import { type Browser, createKit } from '../test-support.ts';
import type { ClockControl } from './clock-routes.ts';

const json = { 'content-type': 'application/json' };
const move = (browser: Browser, body: unknown) =>
  browser.write('/bff/clock', { headers: json, body: JSON.stringify(body) });
const status = async (browser: Browser) =>
  clockStatusSchema.parse(await (await browser.request('/bff/clock')).json());

/** The BFF with the test clock of its embedded marketplace, as `npm start` builds it in local use. */
async function localUse() {
  let store: Store | undefined;
  const control: ClockControl = {
    read: () => readClock(store!),
    move: (m) => moveClock(store!, m),
    mayControl: async (userId) => userId === (await applicationOwner(store!, DEMO_APPLICATION_ID)),
  };
  const kit = await createKit({ bff: { testClock: control } });
  store = kit.store;
  return kit;
}

describe('/bff/clock', () => {
  it('shows the owner the marketplace’s time and moves it; refuses bodies it cannot read', async () => {
    const kit = await localUse();
    const owner = kit.browser();
    await owner.signIn('TIENDA_PALERMO');
    expect(await status(owner)).toMatchObject({ available: true, offset_ms: 0 });
    const orders = async () =>
      Number(
        (
          await kit.store.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ordersBefore = await orders();
    const moved = await move(owner, { advance: '2h' });
    expect(moved.status).toBe(200);
    // The seed's oldest orders are from the start of its day 364 days back: two hours ahead of a time after 22:00 UTC
    // is the next day, where the 12-month retention takes the first of them. The move counts what it purged.
    expect(clockStatusSchema.parse(await moved.json())).toMatchObject({
      available: true,
      offset_ms: 7_200_000,
      purged: ordersBefore - (await orders()),
    });
    expect((await status(owner)).offset_ms).toBe(7_200_000);
    for (const body of [{ advance: '2 hours' }, { advance: '2h', reset: true }, { set: 'tomorrow' }, 'x']) {
      const refused = await move(owner, body);
      expect(refused.status).toBe(400);
      expect(errorBodySchema.parse(await refused.json())).toMatchObject({
        error: 'bad_request',
        status: 400,
      });
    }
    expect((await move(owner, { reset: true })).status).toBe(200);
    expect((await status(owner)).offset_ms).toBe(0);
  });

  it('is nobody else’s, and does not exist with a remote platform', async () => {
    const kit = await localUse();
    const seller = kit.browser();
    await seller.signIn('LOJA_PINHEIROS');
    expect(await status(seller)).toEqual({ available: false, now: null, offset_ms: null });
    expect((await move(seller, { advance: '1d' })).status).toBe(403);
    expect((await move(kit.browser(), { advance: '1d' })).status).toBe(401);
    expect((await readClock(kit.store)).offset_ms).toBe(0);

    const remote = await createKit();
    const someone = remote.browser();
    await someone.signIn('TIENDA_PALERMO');
    expect(await status(someone)).toEqual({ available: false, now: null, offset_ms: null });
    const refused = await move(someone, { advance: '1d' });
    expect(refused.status).toBe(404);
    expect(errorBodySchema.parse(await refused.json()).error).toBe('not_found');
  });
});
