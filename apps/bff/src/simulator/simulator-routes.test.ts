import { errorBodySchema, simulatorStatusSchema } from '@mostrador/contracts';
import {
  applicationOwner,
  DEMO_APPLICATION_ID,
  type Store,
  startSimulator,
} from '@mostrador/marketplace-api';
import { afterEach, describe, expect, it } from 'vitest';
import { type Browser, createKit, type Kit } from '../test-support.ts';
import { createSimulatorControl, type SimulatorControl } from './simulator-routes.ts';

let kit: Kit;
let control: SimulatorControl;

/** The BFF with the real simulator of its embedded marketplace, as `npm start` builds it. */
async function setup(maxRunMs?: number) {
  let store: Store | undefined;
  control = createSimulatorControl((rate) => startSimulator(store!, { rate }), {
    owner: () => applicationOwner(store!, DEMO_APPLICATION_ID),
    ...(maxRunMs ? { maxRunMs } : {}),
  });
  kit = await createKit({ bff: { simulator: control } });
  store = kit.store;
}

afterEach(async () => {
  await control?.stop();
});

const json = { 'content-type': 'application/json' };
const status = async (browser: Browser) =>
  simulatorStatusSchema.parse(await (await browser.request('/bff/simulator')).json());
const start = (browser: Browser, rate = 5) =>
  browser.write('/bff/simulator', { headers: json, body: JSON.stringify({ rate }) });
const stop = (browser: Browser) => browser.write('/bff/simulator', { method: 'DELETE' });

async function signedIn(nickname: string) {
  const browser = kit.browser();
  await browser.signIn(nickname);
  return browser;
}

describe('/bff/simulator', () => {
  it('is the application’s owner’s: it starts, runs and stops it', async () => {
    await setup();
    const owner = await signedIn('TIENDA_PALERMO');
    expect(await status(owner)).toEqual({ available: true, running: false, rate: null });
    const started = await start(owner, 20);
    expect(started.status).toBe(200);
    expect(simulatorStatusSchema.parse(await started.json())).toEqual({
      available: true,
      running: true,
      rate: 20,
    });
    expect((await stop(owner)).status).toBe(200);
    expect(await status(owner)).toEqual({ available: true, running: false, rate: null });
  });

  it('is nobody else’s: a buyer, another seller, an operator (on its own or acting for the owner)', async () => {
    await setup();
    const owner = await signedIn('TIENDA_PALERMO');
    expect((await start(owner)).status).toBe(200);
    const operator = await signedIn('SOPORTE_PALERMO');
    const acting = await signedIn('SOPORTE_PALERMO');
    await acting.workOn(kit.user('TIENDA_PALERMO').id);
    for (const browser of [
      await signedIn('COMPRADOR_BELGRANO'),
      await signedIn('LOJA_PINHEIROS'),
      operator,
      acting,
    ]) {
      expect(await status(browser)).toEqual({ available: false, running: false, rate: null });
      for (const res of [await start(browser, 200), await stop(browser)]) {
        expect(res.status).toBe(403);
        expect(errorBodySchema.parse(await res.json()).error).toBe('forbidden');
      }
    }
    // Still running at the owner's rate: nobody else stopped or restarted it.
    expect(await status(owner)).toEqual({ available: true, running: true, rate: 5 });
    const anonymous = kit.browser();
    expect(await status(anonymous)).toEqual({ available: false, running: false, rate: null });
    expect((await start(anonymous)).status).toBe(401);
  });

  it('stops by itself when a run reaches its time limit', async () => {
    await setup(200);
    const owner = await signedIn('TIENDA_PALERMO');
    expect((await start(owner)).status).toBe(200);
    await expect.poll(async () => (await status(owner)).running, { timeout: 10_000 }).toBe(false);
  });
});
