import { errorBodySchema, operatorListSchema, sessionSchema } from '@mostrador/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createKit, expectNoTokens, type Kit } from '../test-support.ts';

let kit: Kit;

beforeEach(async () => {
  kit = await createKit();
});

async function session(browser: Browser) {
  const res = await browser.request('/bff/session');
  expect(res.status).toBe(200);
  return sessionSchema.parse(await res.json());
}

const post = (browser: Browser, body: unknown) =>
  browser.write('/bff/session/account', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const pick = (browser: Browser, sellerId: number | null) => post(browser, { seller_id: sellerId });

async function expectErrorBody(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(errorBodySchema.parse(await res.json()).error).toBe(error);
}

describe('acting for a seller', () => {
  it('reports the accounts the operator works for and keeps the one it picks in the session', async () => {
    const seller = kit.user('TIENDA_PALERMO');
    const browser = kit.browser();
    await browser.signIn('SOPORTE_PALERMO');
    const before = await session(browser);
    expect(before.user?.nickname).toBe('SOPORTE_PALERMO');
    expect(before.operated_accounts).toEqual([
      {
        user_id: seller.id,
        nickname: 'TIENDA_PALERMO',
        site_id: 'MLA',
        permissions: ['orders.read', 'blocklists.manage'],
      },
    ]);
    // The only seller it operates is where a new session starts (decision 0185).
    expect(before.acting_for?.user_id).toBe(seller.id);
    expect((await pick(browser, null)).status).toBe(200);
    expect((await session(browser)).acting_for).toBeNull();

    const picked = await pick(browser, seller.id);
    expect(picked.status).toBe(200);
    expect(sessionSchema.parse(await picked.json()).acting_for?.user_id).toBe(seller.id);
    expect((await session(browser)).acting_for?.nickname).toBe('TIENDA_PALERMO');

    // The operator's token reaches the seller's blocklist; the seller's team stays the seller's.
    const blocks = await browser.request(`/api/users/${seller.id}/order_blacklist`);
    expect(blocks.status).toBe(200);
    const team = await browser.request(`/api/users/${seller.id}/operators`);
    await expectErrorBody(team, 403, 'operator_permission_denied');
    // The platform's refusal passes through unchanged.
    const payment = await browser.request(`/api/users/${seller.id}/immediate_payment`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      body: JSON.stringify({ reason: 'by_user' }),
    });
    expect(payment.status).toBe(403);
    const refused = errorBodySchema.parse(await payment.json());
    expect(refused).toMatchObject({ error: 'operator_permission_denied' });
    expect(refused.message).toContain('immediate_payment.manage');

    const back = await pick(browser, null);
    expect(sessionSchema.parse(await back.json()).acting_for).toBeNull();
    expectNoTokens(kit, browser.bodies);
  });

  it('refuses an account the user does not operate, bad bodies, strangers and cross-site posts', async () => {
    const browser = kit.browser();
    await browser.signIn('SOPORTE_PALERMO');
    expect((await pick(browser, null)).status).toBe(200);
    await expectErrorBody(await pick(browser, kit.user('LOJA_PINHEIROS').id), 403, 'forbidden');
    expect((await session(browser)).acting_for).toBeNull();
    await expectErrorBody(await post(browser, { seller_id: 'x' }), 400, 'bad_request');
    await expectErrorBody(await post(browser, { user_id: 1 }), 400, 'bad_request');
    const csrf = await browser.request('/bff/session/account', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ seller_id: kit.user('TIENDA_PALERMO').id }),
    });
    expect(csrf.status).toBe(403);
    expect((await session(browser)).acting_for).toBeNull();
    await expectErrorBody(
      await pick(kit.browser(), kit.user('TIENDA_PALERMO').id),
      401,
      'not_identified_user',
    );
  });

  it('starts a new session on the account the user last chose, else on the only seller it operates', async () => {
    const seller = kit.user('TIENDA_PALERMO');
    // Never chose: the one seller it operates, not its own empty account.
    const first = kit.browser();
    await first.signIn('SOPORTE_PALERMO');
    expect((await session(first)).acting_for?.nickname).toBe('TIENDA_PALERMO');

    // Chose its own account: the next session, in another browser, starts there.
    expect((await pick(first, null)).status).toBe(200);
    const second = kit.browser();
    await second.signIn('SOPORTE_PALERMO');
    expect((await session(second)).acting_for).toBeNull();

    // Chose the seller again: so does the next one.
    expect((await pick(second, seller.id)).status).toBe(200);
    const third = kit.browser();
    await third.signIn('SOPORTE_PALERMO');
    expect((await session(third)).acting_for?.user_id).toBe(seller.id);

    // A seller on no one's team starts on its own account.
    const owner = kit.browser();
    await owner.signIn('TIENDA_PALERMO');
    const ownerView = await session(owner);
    expect(ownerView.user?.user_id).toBe(seller.id);
    expect(ownerView.acting_for).toBeNull();

    // Taken off the team, the operator starts on its own account, whatever it chose before.
    const removed = await owner.request(
      `/api/users/${seller.id}/operators/${kit.user('SOPORTE_PALERMO').id}`,
      { method: 'DELETE', headers: { 'x-requested-with': 'fetch' } },
    );
    expect(removed.status).toBe(200);
    const fourth = kit.browser();
    await fourth.signIn('SOPORTE_PALERMO');
    expect((await session(fourth)).acting_for).toBeNull();
  });

  it('forgets the account when the seller removes the operator', async () => {
    const seller = kit.user('TIENDA_PALERMO');
    const operator = kit.browser();
    await operator.signIn('SOPORTE_PALERMO');
    expect((await pick(operator, seller.id)).status).toBe(200);

    const owner = kit.browser();
    await owner.signIn('TIENDA_PALERMO');
    const ownerView = await session(owner);
    expect(ownerView.operated_accounts).toEqual([]);
    const removed = await owner.request(
      `/api/users/${seller.id}/operators/${kit.user('SOPORTE_PALERMO').id}`,
      {
        method: 'DELETE',
        headers: { 'x-requested-with': 'fetch' },
      },
    );
    expect(removed.status).toBe(200);
    expect(operatorListSchema.parse(await removed.json()).operators).toEqual([]);

    const after = await session(operator);
    expect(after.acting_for).toBeNull();
    expect(after.operated_accounts).toEqual([]);
    await expectErrorBody(
      await operator.request(`/api/users/${seller.id}/order_blacklist`),
      403,
      'forbidden',
    );
  });
});

describe('an operator removed while it works on the seller’s account', () => {
  it('is refused with 403 naming the ended membership: nothing it writes lands in its own account', async () => {
    const seller = kit.user('TIENDA_PALERMO');
    const operatorUser = kit.user('SOPORTE_PALERMO');
    const buyer = kit.user('COMPRADOR_BELGRANO');
    const operator = kit.browser('198.51.100.40');
    await operator.signIn('SOPORTE_PALERMO');
    expect((await pick(operator, seller.id)).status).toBe(200);

    const owner = kit.browser('198.51.100.41');
    await owner.signIn('TIENDA_PALERMO');
    const removed = await owner.request(`/api/users/${seller.id}/operators/${operatorUser.id}`, {
      method: 'DELETE',
      headers: { 'x-requested-with': 'fetch' },
    });
    expect(removed.status).toBe(200);

    // The page still shows the seller's account: each of its writes, and its reads, is refused.
    const json = { 'content-type': 'application/json' };
    for (const res of [
      await operator.write(`/bff/block-notes/order/${buyer.id}`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ reason: 'other', note: 'for the seller' }),
      }),
      await operator.write('/bff/saved-views', {
        headers: json,
        body: JSON.stringify({ name: 'For the seller', search: {} }),
      }),
      await operator.write('/bff/saved-views/import', {
        headers: json,
        body: JSON.stringify({ views: [{ name: 'For the seller', search: {} }] }),
      }),
      await operator.request('/bff/saved-views'),
      await operator.request(`/bff/block-notes?list=order&buyer_ids=${buyer.id}`),
      await operator.request('/bff/block-audit'),
    ]) {
      expect(res.status).toBe(403);
      const body = errorBodySchema.parse(await res.json());
      expect(body.error).toBe('forbidden');
      expect(body.cause).toEqual([{ seller_id: seller.id, reason: 'membership_ended' }]);
      expect(body.message).toContain(String(seller.id));
    }
    const db = kit.bffStore.db;
    expect(await db.selectFrom('bff_block_notes').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('bff_saved_views').selectAll().execute()).toEqual([]);

    // Once the dashboard has read the session, it knows it works on the operator's own account, and says so.
    const view = await session(operator);
    expect(view.acting_for).toBeNull();
    expect(view.ended_membership).toEqual({ seller_id: seller.id });
    expect((await session(operator)).ended_membership).toBeUndefined();
    const own = await operator.write('/bff/saved-views', {
      headers: json,
      body: JSON.stringify({ name: 'Mine', search: {} }),
    });
    expect(own.status).toBe(201);
    const rows = await db.selectFrom('bff_saved_views').select(['account_id', 'name']).execute();
    expect(rows.map((r) => [Number(r.account_id), r.name])).toEqual([[operatorUser.id, 'Mine']]);
  });
});
