import { errorBodySchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createKit, type Kit } from './test-support.ts';

let kit: Kit;
let seller: Browser;

const json = { 'content-type': 'application/json' };
// 2^53 + 1 reads as 2^53, and 2^53 is past the last integer a JavaScript number holds exactly.
const PAST_EXACT = ['9007199254740993', '9007199254740992'];

beforeAll(async () => {
  kit = await createKit({ bff: { liveUpdates: { redeliver: true } } });
  seller = kit.browser();
  await seller.signIn('TIENDA_PALERMO');
});

/** Every route of the BFF that takes an id, asked with `id` in it. */
const routes = (id: string): [string, string, RequestInit?][] => [
  ['GET', `/bff/orders/${id}/notes`],
  ['POST', `/bff/orders/${id}/notes`, { body: JSON.stringify({ text: 'a note' }) }],
  ['PUT', `/bff/block-notes/questions/${id}`, { body: JSON.stringify({ reason: 'other' }) }],
  ['PUT', `/bff/block-notes/order/${id}`, { body: JSON.stringify({ reason: 'other' }) }],
  ['GET', `/bff/block-notes?list=order&buyer_ids=${kit.user('COMPRADOR_BELGRANO').id},${id}`],
  ['GET', `/bff/block-audit?buyer_id=${id}`],
  ['GET', `/bff/orders/${id}/notifications`],
  ['GET', `/bff/notifications?before=${id}`],
  ['POST', `/bff/notifications/${id}/redeliver`],
  ['POST', `/bff/accounts/${id}/activate`],
  ['DELETE', `/bff/accounts/${id}`],
  ['POST', '/bff/session/account', { body: `{"seller_id":${id}}` }],
];

const ask = (method: string, path: string, init: RequestInit = {}) =>
  method === 'GET'
    ? seller.request(path)
    : seller.write(path, { method, headers: json, ...(init as { body?: string }) });

describe('ids past what a number holds exactly', () => {
  it('are refused with 400 and the error body wherever the BFF takes an id, and nothing is written', async () => {
    for (const id of PAST_EXACT) {
      for (const [method, path, init] of routes(id)) {
        const res = await ask(method, path, init);
        expect(res.status, `${method} ${path}`).toBe(400);
        const body = errorBodySchema.parse(await res.json());
        expect(Object.keys(body).sort()).toEqual(['cause', 'error', 'message', 'status']);
        expect(body.status).toBe(400);
      }
    }
    const notes = await kit.bffStore.db.selectFrom('bff_block_notes').select('buyer_id').execute();
    expect(notes).toEqual([]);
  });

  it('the largest exact id is an id like any other: looked for, not refused as malformed', async () => {
    for (const [method, path, init] of routes('9007199254740991')) {
      const res = await ask(method, path, init);
      expect(res.status, `${method} ${path}`).not.toBe(400);
    }
  });
});
