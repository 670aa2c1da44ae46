import { errorBodySchema, SAVED_VIEWS_MAX, savedViewListSchema, savedViewSchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createKit, type Kit } from '../test-support.ts';

let kit: Kit;
let seller: Browser;
let operator: Browser;
let sellerId: number;
let operatorId: number;

const json = { 'content-type': 'application/json' };
/** Saves a view a second after the last one. */
const save = (browser: Browser, view: unknown) => {
  kit.advance(1000);
  return browser.write('/bff/saved-views', { headers: json, body: JSON.stringify(view) });
};
const list = async (browser: Browser) => {
  const res = await browser.request('/bff/saved-views');
  expect(res.status).toBe(200);
  return savedViewListSchema.parse(await res.json()).views;
};
const refusal = async (res: Response, status: number, error: string) => {
  expect(res.status).toBe(status);
  const body = errorBodySchema.parse(await res.json());
  expect(body.error).toBe(error);
  return body;
};

beforeAll(async () => {
  kit = await createKit();
  seller = kit.browser('198.51.100.30');
  await seller.signIn('TIENDA_PALERMO');
  sellerId = kit.user('TIENDA_PALERMO').id;
  operator = kit.browser('198.51.100.31');
  await operator.signIn('SOPORTE_PALERMO');
  operatorId = kit.user('SOPORTE_PALERMO').id;
  await operator.workOn(sellerId);
});

describe('saved views of the order list, kept per seller account', () => {
  it('keeps a view the seller saved, and the operator acting for the seller sees it with its author', async () => {
    const created = await save(seller, {
      name: 'Paid, to ship',
      search: { 'order.status': 'paid', sort: 'date_asc', tags: 'not_delivered' },
      columns: ['buyer', 'total', 'tags'],
    });
    expect(created.status).toBe(201);
    const view = savedViewSchema.parse(await created.json());
    expect(view).toMatchObject({
      name: 'Paid, to ship',
      search: { 'order.status': 'paid', sort: 'date_asc', tags: 'not_delivered' },
      columns: ['buyer', 'total', 'tags'],
      updated_by: { user_id: sellerId, nickname: 'TIENDA_PALERMO' },
      updated_at: new Date(kit.now()).toISOString(),
    });
    expect(await list(operator)).toEqual([view]);
    kit.advance(1000);
  });

  it("replaces the view of the same name, whatever its case, with the operator's name on it", async () => {
    const replaced = await save(operator, { name: 'PAID, TO SHIP', search: { 'order.status': 'paid' } });
    expect(replaced.status).toBe(200);
    const views = await list(seller);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      name: 'PAID, TO SHIP',
      search: { 'order.status': 'paid' },
      columns: null,
      updated_by: { user_id: operatorId, nickname: 'SOPORTE_PALERMO' },
    });
  });

  it('keeps another account’s views apart: the operator on its own account sees none of them', async () => {
    const own = kit.browser('198.51.100.32');
    await own.signIn('SOPORTE_PALERMO');
    // A new session starts where the user last worked: this one chooses its own account.
    await own.workOn(null);
    expect(await list(own)).toEqual([]);
    const other = kit.browser('198.51.100.33');
    await other.signIn('LOJA_PINHEIROS');
    expect(await list(other)).toEqual([]);
    const id = (await list(seller))[0]!.id;
    await refusal(await other.write(`/bff/saved-views/${id}`, { method: 'DELETE' }), 404, 'not_found');
    expect(await list(seller)).toHaveLength(1);
  });

  it('refuses views that are not the list’s filters, and changes nothing', async () => {
    for (const bad of [
      { name: '', search: {} },
      { name: ' padded ', search: {} },
      { name: 'x'.repeat(61), search: {} },
      { name: 'bell\u0007', search: {} },
      { name: 'next line\u0085', search: {} },
      { name: '\u200fmarked', search: {} },
      { name: 'Seller of another', search: { seller: '1' } },
      { name: 'A page', search: { offset: '50' } },
      { name: 'Unknown', search: { color: 'red' } },
      { name: 'Bad status', search: { 'order.status': 'lost' } },
      {
        name: 'Reversed',
        search: { 'order.date_created.from': '2026-05-01', 'order.date_created.to': '2026-04-01' },
      },
      { name: 'Side', search: { side: 'both' } },
      { name: 'Columns', search: {}, columns: ['Buyer; drop'] },
      { name: 'Extra', search: {}, shared: true },
    ]) {
      const body = await refusal(await save(seller, bad), 400, 'bad_request');
      expect(body.message).not.toMatch(/node_modules|\.ts:\d|sqlite|postgres|select /i);
    }
    expect((await seller.write('/bff/saved-views', { headers: json, body: '{' })).status).toBe(400);
    expect(await list(seller)).toHaveLength(1);
  });

  it('deletes a view for the whole team', async () => {
    const second = savedViewSchema.parse(
      await (await save(seller, { name: 'Cancelled', search: { 'order.status': 'cancelled' } })).json(),
    );
    expect((await list(operator)).map((v) => v.name)).toEqual(['PAID, TO SHIP', 'Cancelled']);
    const deleted = await operator.write(`/bff/saved-views/${second.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await list(seller)).map((v) => v.name)).toEqual(['PAID, TO SHIP']);
    await refusal(
      await operator.write(`/bff/saved-views/${second.id}`, { method: 'DELETE' }),
      404,
      'not_found',
    );
    await refusal(await operator.write('/bff/saved-views/not-an-id', { method: 'DELETE' }), 404, 'not_found');
  });

  it('imports what one browser kept once: names the account has already stay as they are', async () => {
    kit.advance(1000);
    const imported = await seller.write('/bff/saved-views/import', {
      headers: json,
      body: JSON.stringify({
        views: [
          { name: 'paid, to ship', search: { 'order.status': 'cancelled' } },
          { name: 'Mediations', search: { 'mediations.status': 'opened' }, columns: ['buyer'] },
          { name: 'Fraud', search: { tags: 'fraud_risk' } },
        ],
      }),
    });
    expect(imported.status).toBe(200);
    const views = savedViewListSchema.parse(await imported.json()).views;
    expect(views.map((v) => v.name)).toEqual(['PAID, TO SHIP', 'Mediations', 'Fraud']);
    expect(views[0]?.search).toEqual({ 'order.status': 'paid' });
    // Importing again adds nothing.
    const again = await seller.write('/bff/saved-views/import', {
      headers: json,
      body: JSON.stringify({ views: [{ name: 'Fraud', search: {} }] }),
    });
    expect(savedViewListSchema.parse(await again.json()).views).toEqual(views);
  });

  it(`keeps at most ${SAVED_VIEWS_MAX} views per account`, async () => {
    const start = (await list(seller)).length;
    for (let n = start; n < SAVED_VIEWS_MAX; n++) {
      expect((await save(seller, { name: `View ${n}`, search: {} })).status).toBe(201);
    }
    const body = await refusal(await save(seller, { name: 'One too many', search: {} }), 409, 'conflict');
    expect(body.cause).toEqual(['saved_views_full']);
    // Replacing one is still possible.
    expect((await save(seller, { name: 'View 10', search: { sort: 'date_asc' } })).status).toBe(200);
  });

  it('answers 401 without a session and refuses writes without the page’s header', async () => {
    const stranger = kit.browser('198.51.100.34');
    await refusal(await stranger.request('/bff/saved-views'), 401, 'not_identified_user');
    const forged = await seller.request('/bff/saved-views', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Forged', search: {} }),
    });
    expect(forged.status).toBe(403);
  });

  it('needs orders.read from an operator acting for the seller', async () => {
    const narrowed = await seller.write(`/api/users/${sellerId}/operators/${operatorId}`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ permissions: ['blocklists.manage'] }),
    });
    expect(narrowed.status).toBe(200);
    await refusal(await operator.request('/bff/saved-views'), 403, 'operator_permission_denied');
    await refusal(await save(operator, { name: 'Nope', search: {} }), 403, 'operator_permission_denied');
  });
});

describe('the cap under concurrent writes', () => {
  it(`holds at ${SAVED_VIEWS_MAX} when many imports and saves of one account arrive at once`, async () => {
    const racer = kit.browser('198.51.100.35');
    await racer.signIn('BAZAR_COYOACAN');
    expect(await list(racer)).toEqual([]);
    const imports = Array.from({ length: 40 }, (_, i) =>
      racer.write('/bff/saved-views/import', {
        headers: json,
        body: JSON.stringify({
          views: Array.from({ length: SAVED_VIEWS_MAX }, (_, n) => ({
            name: `Import ${i}.${n}`,
            search: {},
          })),
        }),
      }),
    );
    const saves = Array.from({ length: 20 }, (_, i) =>
      racer.write('/bff/saved-views', {
        headers: json,
        body: JSON.stringify({ name: `Saved ${i}`, search: {} }),
      }),
    );
    const answers = await Promise.all([...imports, ...saves]);
    for (const res of answers) expect([200, 201, 409]).toContain(res.status);
    expect(await list(racer)).toHaveLength(SAVED_VIEWS_MAX);
  });

  it('keeps one view when the team saves the same new name at once', async () => {
    const racer = kit.browser('198.51.100.36');
    await racer.signIn('COMPRADOR_BELGRANO');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        racer.write('/bff/saved-views', {
          headers: json,
          body: JSON.stringify({ name: i % 2 ? 'Same name' : 'SAME NAME', search: {} }),
        }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(await list(racer)).toHaveLength(1);
  });
});
