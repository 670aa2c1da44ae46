import {
  errorBodySchema,
  ORDER_NOTES_MAX,
  ORDER_NOTES_PAGE,
  orderNoteListSchema,
  orderNoteSchema,
} from '@mostrador/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createKit, type Kit } from '../test-support.ts';

let kit: Kit;
let seller: Browser;
let operator: Browser;
let sellerId: number;
let operatorId: number;
let orderId: number;
let boughtId: number;
let busyId: number;
let buyer: Browser;

const json = { 'content-type': 'application/json' };
const addNote = (browser: Browser, order: number | string, text: unknown) =>
  browser.write(`/bff/orders/${order}/notes`, { headers: json, body: JSON.stringify({ text }) });
const notesOf = async (browser: Browser, order: number) => {
  const res = await browser.request(`/bff/orders/${order}/notes`);
  expect(res.status).toBe(200);
  return orderNoteListSchema.parse(await res.json()).notes;
};

beforeAll(async () => {
  kit = await createKit();
  sellerId = kit.user('TIENDA_PALERMO').id;
  operatorId = kit.user('SOPORTE_PALERMO').id;
  seller = kit.browser();
  await seller.signIn('TIENDA_PALERMO');
  const sales = (await (await seller.request(`/api/orders/search?seller=${sellerId}&limit=3`)).json()) as {
    results: { id: number }[];
  };
  orderId = sales.results[0]!.id;
  busyId = sales.results[2]!.id;
  buyer = kit.browser('198.51.100.34');
  await buyer.signIn('COMPRADOR_BELGRANO');
  const bought = (await (
    await buyer.request(`/api/orders/search?buyer=${kit.user('COMPRADOR_BELGRANO').id}&limit=51`)
  ).json()) as { results: { id: number; seller: { id: number } }[] };
  boughtId = bought.results.find((o) => o.seller.id === sellerId)!.id;
  operator = kit.browser('198.51.100.30');
  await operator.signIn('SOPORTE_PALERMO');
  await operator.workOn(sellerId);
});

describe('notes on an order', () => {
  it('keeps the seller’s note with its author and time, and the operator acting for the seller reads it', async () => {
    const written = await addNote(seller, orderId, 'Buyer called: deliver after 6 pm.\nGate code 4411.');
    expect(written.status).toBe(201);
    const note = orderNoteSchema.parse(await written.json());
    expect(note).toMatchObject({
      order_id: orderId,
      seller_id: sellerId,
      text: 'Buyer called: deliver after 6 pm.\nGate code 4411.',
      author: { user_id: sellerId, nickname: 'TIENDA_PALERMO' },
      created_at: new Date(kit.now()).toISOString(),
    });
    kit.advance(60_000);
    const reply = await addNote(operator, orderId, 'Called back, confirmed.');
    expect(reply.status).toBe(201);
    for (const browser of [seller, operator]) {
      const notes = await notesOf(browser, orderId);
      // Newest first.
      expect(notes.map((n) => [n.author.nickname, n.text])).toEqual([
        ['SOPORTE_PALERMO', 'Called back, confirmed.'],
        ['TIENDA_PALERMO', 'Buyer called: deliver after 6 pm.\nGate code 4411.'],
      ]);
    }
    expect((await notesOf(seller, orderId))[0]?.author.user_id).toBe(operatorId);
  });

  it('keeps the text sealed at rest, bound to its order', async () => {
    const rows = await kit.bffStore.db.selectFrom('bff_order_notes').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.text_enc).not.toContain('Gate code');
      expect(row.text_enc).not.toContain('Called back');
    }
    // A sealed text moved to another order no longer opens: the answer fails rather than show it there.
    const other = (await (await seller.request(`/api/orders/search?seller=${sellerId}&limit=2`)).json()) as {
      results: { id: number }[];
    };
    const target = other.results[1]!.id;
    await sql`insert into bff_order_notes (seller_id, order_id, author_id, author_nickname, text_enc, created_at)
      values (${sellerId}, ${target}, ${sellerId}, 'TIENDA_PALERMO', ${rows[0]!.text_enc}, ${kit.now()})`.execute(
      kit.bffStore.db,
    );
    const res = await seller.request(`/bff/orders/${target}/notes`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('Gate code');
    await kit.bffStore.db.deleteFrom('bff_order_notes').where('order_id', '=', target).execute();
  });

  it('refuses a stranger, the order’s buyer, and an operator on its own account', async () => {
    const stranger = kit.browser('198.51.100.31');
    await stranger.signIn('LOJA_PINHEIROS');
    const read = await stranger.request(`/bff/orders/${orderId}/notes`);
    expect(read.status).toBe(403);
    expect(errorBodySchema.parse(await read.json()).error).toBe('not_owned_order');
    const write = await addNote(stranger, orderId, 'mine now');
    expect(write.status).toBe(403);

    // The buyer reads the order, but its seller's notes are not the buyer's.
    expect((await buyer.request(`/api/orders/${boughtId}`)).status).toBe(200);
    expect((await buyer.request(`/bff/orders/${boughtId}/notes`)).status).toBe(404);
    expect((await addNote(buyer, boughtId, 'as the buyer')).status).toBe(404);

    const own = kit.browser('198.51.100.32');
    await own.signIn('SOPORTE_PALERMO');
    // A new session starts where the user last worked: this one chooses its own account.
    await own.workOn(null);
    // The platform lets the team member read the order, but its own account is not the order’s seller.
    expect((await own.request(`/bff/orders/${orderId}/notes`)).status).toBe(404);

    const anonymous = kit.browser('198.51.100.33');
    expect((await anonymous.request(`/bff/orders/${orderId}/notes`)).status).toBe(401);
    expect((await seller.request('/bff/orders/99999999999/notes')).status).toBe(404);
    expect((await notesOf(seller, orderId)).map((n) => n.text)).not.toContain('mine now');
  });

  it('refuses bad input with the error body and writes nothing', async () => {
    const cases: [string, RequestInit & { headers?: Record<string, string> }, number][] = [
      [`/bff/orders/${orderId}/notes`, { body: JSON.stringify({ text: '   ' }), headers: json }, 400],
      [
        `/bff/orders/${orderId}/notes`,
        { body: JSON.stringify({ text: 'x'.repeat(1001) }), headers: json },
        400,
      ],
      [`/bff/orders/${orderId}/notes`, { body: JSON.stringify({ text: 'a\u202eb' }), headers: json }, 400],
      [`/bff/orders/${orderId}/notes`, { body: JSON.stringify({ text: 'a\u2028b' }), headers: json }, 400],
      [`/bff/orders/${orderId}/notes`, { body: JSON.stringify({ text: '\ufeffab' }), headers: json }, 400],
      [
        `/bff/orders/${orderId}/notes`,
        { body: JSON.stringify({ text: 'ok', author: 1 }), headers: json },
        400,
      ],
      [`/bff/orders/${orderId}/notes`, { body: '{', headers: json }, 400],
      [`/bff/orders/${orderId}/notes`, { body: '{}', headers: { 'content-type': 'text/plain' } }, 415],
      ['/bff/orders/0x12/notes', { body: JSON.stringify({ text: 'ok' }), headers: json }, 400],
    ];
    const before = (await notesOf(seller, orderId)).length;
    for (const [target, init, status] of cases) {
      const res = await seller.write(target, init);
      expect(res.status, `${target} ${String(init.body)}`).toBe(status);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['cause', 'error', 'message', 'status']);
    }
    expect(await notesOf(seller, orderId)).toHaveLength(before);
    // Without the page's CSRF header, a write is refused.
    const forged = await seller.request(`/bff/orders/${orderId}/notes`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ text: 'forged' }),
    });
    expect(forged.status).toBe(403);
  });

  it('an operator whose orders.read was taken away reads and writes none', async () => {
    const narrowed = await seller.write(`/api/users/${sellerId}/operators/${operatorId}`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ permissions: ['blocklists.manage'] }),
    });
    expect(narrowed.status).toBe(200);
    for (const res of [
      await operator.request(`/bff/orders/${orderId}/notes`),
      await addNote(operator, orderId, 'x'),
    ]) {
      expect(res.status).toBe(403);
      expect(errorBodySchema.parse(await res.json()).error).toBe('operator_permission_denied');
    }
  });
});

describe('an order with many notes', () => {
  const page = async (query: string) => {
    const res = await seller.request(`/bff/orders/${busyId}/notes${query}`);
    expect(res.status).toBe(200);
    return orderNoteListSchema.parse(await res.json());
  };

  it(`keeps at most ${ORDER_NOTES_MAX}, however many arrive at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: ORDER_NOTES_MAX + 20 }, (_, n) => addNote(seller, busyId, `Note ${n}`)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(ORDER_NOTES_MAX);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    const full = errorBodySchema.parse(await answers[statuses.indexOf(409)]!.json());
    expect(full).toMatchObject({ error: 'conflict', status: 409, cause: ['order_notes_full'] });
    expect(full.message).toContain(String(ORDER_NOTES_MAX));
    const kept = await kit.bffStore.db
      .selectFrom('bff_order_notes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('order_id', '=', busyId)
      .executeTakeFirstOrThrow();
    expect(Number(kept.count)).toBe(ORDER_NOTES_MAX);
    // Another order of the seller still takes notes.
    expect((await addNote(seller, orderId, 'Elsewhere')).status).toBe(201);
  });

  it('answers a page at a time, newest first, each page older than the last', async () => {
    const first = await page('');
    expect(first.notes).toHaveLength(ORDER_NOTES_PAGE);
    const ids = first.notes.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.next_before).toBe(ids.at(-1));
    const seen = [...ids];
    let next = first.next_before;
    while (next !== null) {
      const older = await page(`?before=${next}&limit=30`);
      expect(older.notes.length).toBeLessThanOrEqual(30);
      for (const note of older.notes) expect(note.id).toBeLessThan(next);
      seen.push(...older.notes.map((n) => n.id));
      next = older.next_before;
    }
    expect(new Set(seen).size).toBe(ORDER_NOTES_MAX);
    const all = await page(`?limit=${ORDER_NOTES_MAX}`);
    expect(all.notes.map((n) => n.id)).toEqual(seen);
    expect(all.next_before).toBeNull();
  });

  it('refuses a page asked for badly, with the error body', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=0', '?before=abc', '?offset=20']) {
      const res = await seller.request(`/bff/orders/${busyId}/notes${query}`);
      expect(res.status, query).toBe(400);
      expect(errorBodySchema.parse(await res.json()).error).toBe('bad_request');
    }
  });
});

describe('the platform the dashboard runs with', () => {
  it('says whether the marketplace is the embedded one', async () => {
    expect(await (await seller.request('/bff/platform')).json()).toEqual({ embedded: false });
  });
});
