import { blocklistEntrySchema, blocklistSchema, blockSearchPageSchema } from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
let seller: TestApi['sellers'][number];
let otherSeller: TestApi['sellers'][number];
let buyer: TestApi['buyers'][number];

beforeAll(async () => {
  api = await seededApi();
  [seller, otherSeller] = [api.sellers[0]!, api.sellers[1]!];
  buyer = api.buyers[0]!;
});

function send(method: string, path: string, token: string | undefined, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return api.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const blockRows = (sellerId: number, type: string) =>
  api.store.db
    .selectFrom('user_blocks')
    .selectAll()
    .where('seller_id', '=', sellerId)
    .where('type', '=', type)
    .execute();

describe.each([
  ['order_blacklist', 'order', 'blocked_by_order'],
  ['questions_blacklist', 'questions', 'blocked_by_questions'],
] as const)('/users/{seller_id}/%s', (segment, type, searchType) => {
  const path = () => `/users/${otherSeller.id}/${segment}`;

  it('lists the seeded blocks of a demo seller to that seller', async () => {
    const list = blocklistSchema.parse(await api.json(`/users/${seller.id}/${segment}`, seller.access_token));
    const stored = await blockRows(seller.id, type);
    expect(list.length).toBe(stored.length);
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((e) => e.user.id).sort()).toEqual(stored.map((r) => Number(r.user_id)).sort());
    expect(list.every((e) => e.user.blocked)).toBe(true);
  });

  it('blocks, blocks again without change, lists, searches and unblocks', async () => {
    const first = await send('POST', path(), otherSeller.access_token, { user_id: buyer.id });
    expect(first.status).toBe(200);
    const firstBody = blocklistEntrySchema.parse(await first.json());
    expect(firstBody).toEqual({ user: { id: buyer.id, blocked: true } });
    const rowsAfterFirst = await blockRows(otherSeller.id, type);

    const second = await send('POST', path(), otherSeller.access_token, { user_id: buyer.id });
    expect(second.status).toBe(first.status);
    expect(await second.json()).toEqual(firstBody);
    expect(await blockRows(otherSeller.id, type)).toEqual(rowsAfterFirst);

    const list = blocklistSchema.parse(await api.json(path(), otherSeller.access_token));
    expect(list).toContainEqual({ user: { id: buyer.id, blocked: true } });

    const search = blockSearchPageSchema.parse(
      await api.json(
        `/block-api/search/users/${otherSeller.id}?type=${searchType}&caller.id=${otherSeller.id}&user_blocked=${buyer.id}`,
        otherSeller.access_token,
      ),
    );
    expect(search.users).toHaveLength(1);
    expect(search.users[0]!.id).toBe(buyer.id);
    expect(search.paging).toEqual({ offset: 0, limit: 10, total: 1 });

    const del = await send('DELETE', `${path()}/${buyer.id}`, otherSeller.access_token);
    expect(del.status).toBe(200);
    expect(blocklistEntrySchema.parse(await del.json())).toEqual({ user: { id: buyer.id, blocked: false } });
    expect(blocklistSchema.parse(await api.json(path(), otherSeller.access_token))).not.toContainEqual({
      user: { id: buyer.id, blocked: true },
    });
    // Removing again changes nothing and answers the same.
    const again = await send('DELETE', `${path()}/${buyer.id}`, otherSeller.access_token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ user: { id: buyer.id, blocked: false } });
  });

  it('lets only the seller’s own token read or change the list', async () => {
    const before = await blockRows(otherSeller.id, type);
    await expectError(await api.get(path(), buyer.access_token), 403, 'forbidden');
    await expectError(await api.get(path()), 401, 'not_identified_user');
    await expectError(
      await send('POST', path(), seller.access_token, { user_id: buyer.id }),
      403,
      'forbidden',
    );
    const byBuyer = await send('DELETE', `${path()}/${buyer.id}`, buyer.access_token);
    if (segment === 'order_blacklist') {
      // Spec 4.3's order, buyer first, read the other way round: the buyer's token names the buyer's own list,
      // where it blocked nobody (decision 0275).
      expect(byBuyer.status).toBe(200);
      expect(await byBuyer.json()).toEqual({ user: { id: otherSeller.id, blocked: false } });
    } else {
      await expectError(byBuyer, 403, 'forbidden');
    }
    expect(await blockRows(otherSeller.id, type)).toEqual(before);
  });

  it('refuses to block yourself (400) or an unknown user (404), with a clear message', async () => {
    const before = await blockRows(otherSeller.id, type);
    const self = await expectError(
      await send('POST', path(), otherSeller.access_token, { user_id: otherSeller.id }),
      400,
      'bad_request',
    );
    expect(self.message).toBe('a seller cannot block itself');
    expect(self.cause).toEqual([expect.objectContaining({ code: 'cannot_block_yourself' })]);
    const unknown = await expectError(
      await send('POST', path(), otherSeller.access_token, { user_id: 4242 }),
      404,
      'not_found',
    );
    expect(unknown.message).toBe('User 4242 not found');
    await expectError(await send('DELETE', `${path()}/4242`, otherSeller.access_token), 404, 'not_found');
    expect(await blockRows(otherSeller.id, type)).toEqual(before);
  });

  it.each([
    ['a string id', { user_id: String(1) }],
    ['a negative id', { user_id: -3 }],
    ['an extra field', { user_id: 100, reason: 'spam' }],
    ['no id', {}],
  ])('rejects a body with %s (400)', async (_, body) => {
    await expectError(await send('POST', path(), otherSeller.access_token, body), 400, 'bad_request');
  });

  it('rejects an invalid buyer id in the path (400)', async () => {
    await expectError(await send('DELETE', `${path()}/abc`, otherSeller.access_token), 400, 'bad_request');
  });
});

describe('GET /block-api/search/users/{user_id}', () => {
  const search = (query: string, token = seller.access_token, userId = seller.id) =>
    api.get(`/block-api/search/users/${userId}?${query}`, token);

  it('lists the buyers the seller in the path blocked, newest first, with paging', async () => {
    const stored = (await blockRows(seller.id, 'order')).sort(
      (a, b) => Number(b.created_at) - Number(a.created_at),
    );
    const res = await search(`type=blocked_by_order&caller.id=${seller.id}`);
    expect(res.status).toBe(200);
    const page = blockSearchPageSchema.parse(await res.json());
    expect(page.users.map((u) => u.id)).toEqual(stored.map((r) => Number(r.user_id)));
    expect(page.users[0]!.blocked_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/);
    expect(page.paging).toEqual({ offset: 0, limit: 10, total: stored.length });

    const second = blockSearchPageSchema.parse(
      await api.json(
        `/block-api/search/users/${seller.id}?type=blocked_by_order&caller.id=${seller.id}&offset=1&limit=2`,
        seller.access_token,
      ),
    );
    expect(second.users.map((u) => u.id)).toEqual(stored.slice(1, 3).map((r) => Number(r.user_id)));
    expect(second.paging).toEqual({ offset: 1, limit: 2, total: stored.length });
  });

  it('answers an empty page when nothing matches', async () => {
    const page = blockSearchPageSchema.parse(
      await api.json(
        `/block-api/search/users/${seller.id}?type=blocked_by_order&caller.id=${seller.id}&user_blocked=${buyer.id}`,
        seller.access_token,
      ),
    );
    expect(page).toEqual({ users: [], paging: { offset: 0, limit: 10, total: 0 } });
  });

  it.each([
    ['no type', `caller.id=SELF`],
    ['an unknown type', `type=blocked_by_mood&caller.id=SELF`],
    ['no caller.id', `type=blocked_by_order`],
    ['limit 1001', `type=blocked_by_order&caller.id=SELF&limit=1001`],
    ['limit 0', `type=blocked_by_order&caller.id=SELF&limit=0`],
    ['a negative offset', `type=blocked_by_order&caller.id=SELF&offset=-1`],
    ['a parameter given twice', `type=blocked_by_order&caller.id=SELF&limit=5&limit=6`],
  ])('rejects %s (400)', async (_, query) => {
    await expectError(await search(query.replace('SELF', String(seller.id))), 400, 'bad_request');
  });

  it('accepts limit 1000', async () => {
    const page = blockSearchPageSchema.parse(
      await api.json(
        `/block-api/search/users/${seller.id}?type=blocked_by_questions&caller.id=${seller.id}&limit=1000`,
        seller.access_token,
      ),
    );
    expect(page.paging.limit).toBe(1000);
  });

  it('requires caller.id to match the token; a path user that is not the caller is the buyer looked up', async () => {
    await expectError(await search(`type=blocked_by_order&caller.id=${buyer.id}`), 403, 'caller.id.invalid');
    // The buyer's token on the seller's id: whether the buyer blocked that seller, never the seller's list.
    const page = blockSearchPageSchema.parse(
      await (
        await search(`type=blocked_by_order&caller.id=${buyer.id}`, buyer.access_token, seller.id)
      ).json(),
    );
    expect(page).toEqual({ users: [], paging: { offset: 0, limit: 10, total: 0 } });
    await expectError(
      await search(`type=blocked_by_order&caller.id=${seller.id}`, ''),
      401,
      'not_identified_user',
    );
  });
});
