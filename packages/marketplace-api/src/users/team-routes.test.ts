import {
  blocklistEntrySchema,
  blocklistSchema,
  blockSearchPageSchema,
  feedbackSchema,
  immediatePaymentResponseSchema,
  OPERATOR_PERMISSIONS,
  type OperatorPermission,
  operatedAccountListSchema,
  operatorListSchema,
  operatorSchema,
  orderSchema,
  orderSearchEnvelopeSchema,
  personalDataAccessPageSchema,
} from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenRepository } from '../oauth/token-repository.ts';
import { DEMO_APPLICATION_ID } from '../seed/generate.ts';
import { SUPPORT_OPERATOR } from '../seed/team.ts';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
let seller: TestApi['sellers'][number];
let buyer: TestApi['buyers'][number];
/** A paid order of the seller with the demo buyer: its contact is disclosed to the seller. */
let orderId: number;
let spare: number[];

const tokenFor = async (userId: number) =>
  (await createTokenRepository(api.store.db).issue(DEMO_APPLICATION_ID, userId, new Date())).token;

async function send(method: string, path: string, token: string | undefined, body?: unknown) {
  return api.app.request(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  api = await seededApi({ orders: 600 });
  seller = api.sellers[0]!;
  buyer = api.buyers[0]!;
  const order = await api.store.db
    .selectFrom('orders')
    .select('id')
    .where('seller_id', '=', seller.id)
    .where('buyer_id', '=', buyer.id)
    .where('status', '=', 'paid')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  orderId = Number(order.id);
  // Users of the marketplace that are nobody's demo account: the team members of these tests.
  const demo = new Set(api.manifest.users.map((u) => u.id));
  const rows = await api.store.db
    .selectFrom('users')
    .select('id')
    // Nobody with an order of the seller: a party of an order acts as itself, not as a team member.
    .where('id', 'not in', (eb) =>
      eb.selectFrom('orders').select('buyer_id').where('seller_id', '=', seller.id),
    )
    .orderBy('id')
    .limit(60)
    .execute();
  spare = rows.map((r) => Number(r.id)).filter((id) => !demo.has(id) && id !== seller.id);
});

/** Adds a spare user to the seller's team with `permissions`; its id and a token. */
async function member(permissions: OperatorPermission[]) {
  const id = spare.shift()!;
  const res = await send('POST', `/users/${seller.id}/operators`, seller.access_token, {
    user_id: id,
    permissions,
  });
  expect(res.status).toBe(201);
  const added = operatorSchema.parse(await res.json());
  expect(added.user_id).toBe(id);
  expect([...added.permissions].sort()).toEqual([...permissions].sort());
  return { id, token: await tokenFor(id) };
}

describe('the team of a seller', () => {
  it('adds by id or nickname, lists, changes and removes operators; only the owner manages it', async () => {
    // Nicknames are looked up on the seller's site.
    const { id: a, nickname } = await api.store.db
      .selectFrom('users')
      .select(['id', 'nickname'])
      .where('site_id', '=', 'MLA')
      .where('id', 'in', spare)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    spare = spare.filter((id) => id !== Number(a));
    const added = await send('POST', `/users/${seller.id}/operators`, seller.access_token, {
      nickname,
      permissions: ['blocklists.manage', 'orders.read'],
    });
    expect(added.status).toBe(201);
    // Kept in the documented order, whatever order they were sent in.
    expect(operatorSchema.parse(await added.json()).permissions).toEqual([
      'orders.read',
      'blocklists.manage',
    ]);

    await expectError(
      await send('POST', `/users/${seller.id}/operators`, seller.access_token, {
        user_id: a,
        permissions: [],
      }),
      409,
      'conflict',
    );
    const list = operatorListSchema.parse(
      await api.json(`/users/${seller.id}/operators`, seller.access_token),
    );
    expect(list.operators.map((o) => o.user_id)).toEqual([SUPPORT_OPERATOR.id, Number(a)]);

    const changed = await send('PUT', `/users/${seller.id}/operators/${a}`, seller.access_token, {
      permissions: ['feedback.reply'],
    });
    expect(operatorSchema.parse(await changed.json()).permissions).toEqual(['feedback.reply']);

    const removed = await send('DELETE', `/users/${seller.id}/operators/${a}`, seller.access_token);
    expect(operatorListSchema.parse(await removed.json()).operators.map((o) => o.user_id)).toEqual([
      SUPPORT_OPERATOR.id,
    ]);
    await expectError(
      await send('DELETE', `/users/${seller.id}/operators/${a}`, seller.access_token),
      404,
      'not_found',
    );
    await expectError(
      await send('PUT', `/users/${seller.id}/operators/${a}`, seller.access_token, { permissions: [] }),
      404,
      'not_found',
    );
  });

  it('refuses bad additions without changing anything', async () => {
    const path = `/users/${seller.id}/operators`;
    const bad = [
      { user_id: spare[0], permissions: ['orders.write'] },
      { user_id: spare[0], nickname: 'X', permissions: [] },
      { permissions: [] },
      { user_id: spare[0], permissions: ['orders.read', 'orders.read'] },
      { user_id: spare[0], permissions: [], role: 'admin' },
    ];
    for (const body of bad)
      await expectError(await send('POST', path, seller.access_token, body), 400, 'bad_request');
    const self = await expectError(
      await send('POST', path, seller.access_token, { user_id: seller.id, permissions: [] }),
      400,
      'bad_request',
    );
    expect(JSON.stringify(self.cause)).toContain('cannot_add_yourself');
    await expectError(
      await send('POST', path, seller.access_token, { user_id: 9_999_999_999, permissions: [] }),
      404,
      'not_found',
    );
    await expectError(
      await send('POST', path, seller.access_token, { nickname: 'NOBODY_BY_THAT_NAME', permissions: [] }),
      404,
      'not_found',
    );
    await expectError(await send('GET', path, undefined), 401, 'not_identified_user');
    await expectError(await send('GET', '/users/0/operators', seller.access_token), 400, 'bad_request');
    const list = operatorListSchema.parse(await api.json(path, seller.access_token));
    expect(list.operators.map((o) => o.user_id)).toEqual([SUPPORT_OPERATOR.id]);
  });

  it('lists the accounts a user operates', async () => {
    const support = api.manifest.users.find((u) => u.role === 'operator')!;
    expect(support).toMatchObject({ id: SUPPORT_OPERATOR.id, nickname: 'SOPORTE_PALERMO', site_id: 'MLA' });
    const mine = operatedAccountListSchema.parse(
      await api.json('/users/me/operated_accounts', support.access_token),
    );
    expect(mine.accounts).toEqual([
      {
        user_id: seller.id,
        nickname: seller.nickname,
        site_id: 'MLA',
        permissions: ['orders.read', 'blocklists.manage'],
      },
    ]);
    const none = operatedAccountListSchema.parse(
      await api.json('/users/me/operated_accounts', seller.access_token),
    );
    expect(none.accounts).toEqual([]);
    await expectError(
      await send('GET', '/users/me/operated_accounts', undefined),
      401,
      'not_identified_user',
    );
  });
});

type Role = { name: string; token: () => string; permissions: OperatorPermission[] | 'owner' | 'stranger' };
type Probe = {
  name: string;
  needs: OperatorPermission | 'owner';
  /** What a stranger (not on the team) gets: a refusal, or an answer that shows nothing of the account. */
  stranger: [number, string] | ((res: Response) => Promise<void>);
  run: (token: string, roleName: string) => Promise<Response>;
  /** Parses an allowed answer with its contract. */
  ok: (res: Response) => Promise<void>;
  /** Allowed answers that are not 2xx (a body the permission check let through but the handler refused). */
  allowedStatus?: number;
};

describe('the permission matrix', () => {
  const tokens = new Map<string, string>();
  const roles: Role[] = [
    { name: 'owner', token: () => seller.access_token, permissions: 'owner' },
    ...OPERATOR_PERMISSIONS.map((p) => ({ name: p, token: () => tokens.get(p)!, permissions: [p] })),
    { name: 'no permission', token: () => tokens.get('none')!, permissions: [] },
    { name: 'removed', token: () => tokens.get('removed')!, permissions: 'stranger' },
    { name: 'unrelated', token: () => tokens.get('unrelated')!, permissions: 'stranger' },
  ];
  let feedbackId: number;

  beforeAll(async () => {
    for (const p of OPERATOR_PERMISSIONS) tokens.set(p, (await member([p])).token);
    tokens.set('none', (await member([])).token);
    const gone = await member([...OPERATOR_PERMISSIONS]);
    const removed = await send('DELETE', `/users/${seller.id}/operators/${gone.id}`, seller.access_token);
    expect(removed.status).toBe(200);
    tokens.set('removed', gone.token);
    tokens.set('unrelated', await tokenFor(spare.shift()!));
    // Feedback the seller received: replies are probed with an empty body, so none is written.
    const pending = await api.store.db
      .selectFrom('orders')
      .select(['id', 'buyer_id'])
      .where('seller_id', '=', seller.id)
      .where('feedback_status', '=', 'pending')
      .where('status', '=', 'paid')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const given = await send(
      'POST',
      `/orders/${pending.id}/feedback`,
      await tokenFor(Number(pending.buyer_id)),
      {
        fulfilled: true,
        rating: 'positive',
      },
    );
    expect(given.status).toBe(201);
    feedbackId = feedbackSchema.parse(await given.json()).id;
  });

  const probes: Probe[] = [
    {
      name: 'GET /orders/{id}',
      needs: 'orders.read',
      stranger: [403, 'not_owned_order'],
      run: (t) => send('GET', `/orders/${orderId}`, t),
      ok: async (res) => void orderSchema.parse(await res.json()),
    },
    {
      name: 'GET /orders/search?seller=',
      needs: 'orders.read',
      stranger: [403, 'caller.id.invalid'],
      run: (t) => send('GET', `/orders/search?seller=${seller.id}&limit=5`, t),
      ok: async (res) => void orderSearchEnvelopeSchema.parse(await res.json()),
    },
    {
      name: 'POST /feedback/{id}/reply',
      needs: 'feedback.reply',
      stranger: [403, 'not_owned_order'],
      run: (t) => send('POST', `/feedback/${feedbackId}/reply`, t, {}),
      allowedStatus: 400,
      ok: async (res) => void (await expectError(res, 400, 'bad_request')),
    },
    {
      name: 'GET /users/{id}/order_blacklist',
      needs: 'blocklists.manage',
      stranger: [403, 'forbidden'],
      run: (t) => send('GET', `/users/${seller.id}/order_blacklist`, t),
      ok: async (res) => void blocklistSchema.parse(await res.json()),
    },
    {
      name: 'POST /users/{id}/order_blacklist',
      needs: 'blocklists.manage',
      stranger: [403, 'forbidden'],
      run: (t) => send('POST', `/users/${seller.id}/order_blacklist`, t, { user_id: buyer.id }),
      ok: async (res) => void blocklistEntrySchema.parse(await res.json()),
    },
    {
      name: 'DELETE /users/{id}/order_blacklist/{user}',
      needs: 'blocklists.manage',
      stranger: [403, 'forbidden'],
      run: (t) => send('DELETE', `/users/${seller.id}/order_blacklist/${buyer.id}`, t),
      ok: async (res) => void blocklistEntrySchema.parse(await res.json()),
    },
    {
      name: 'GET /block-api/search/users/{id}',
      needs: 'blocklists.manage',
      // To a stranger the path user is the buyer it may have blocked itself (spec 4.3, decision 0275).
      stranger: async (res) => {
        expect(res.status).toBe(200);
        expect(blockSearchPageSchema.parse(await res.json()).users).toEqual([]);
      },
      run: async (t) => {
        const me = (await api.json<{ id: number }>('/users/me', t)).id;
        return send('GET', `/block-api/search/users/${seller.id}?type=blocked_by_order&caller.id=${me}`, t);
      },
      ok: async (res) => void blockSearchPageSchema.parse(await res.json()),
    },
    {
      name: 'PUT /users/{id}/immediate_payment',
      needs: 'immediate_payment.manage',
      stranger: [403, 'forbidden'],
      run: (t) => send('PUT', `/users/${seller.id}/immediate_payment`, t, { reason: 'by_user' }),
      ok: async (res) => void immediatePaymentResponseSchema.parse(await res.json()),
    },
    {
      name: 'DELETE /users/{id}/immediate_payment/by_user',
      needs: 'immediate_payment.manage',
      stranger: [403, 'forbidden'],
      run: (t) => send('DELETE', `/users/${seller.id}/immediate_payment/by_user`, t),
      ok: async (res) => void immediatePaymentResponseSchema.parse(await res.json()),
    },
    {
      name: 'GET /users/{id}/operators',
      needs: 'owner',
      stranger: [403, 'forbidden'],
      run: (t) => send('GET', `/users/${seller.id}/operators`, t),
      ok: async (res) => void operatorListSchema.parse(await res.json()),
    },
    {
      name: 'PUT /users/{id}/operators/{operator}',
      needs: 'owner',
      stranger: [403, 'forbidden'],
      run: (t) =>
        send('PUT', `/users/${seller.id}/operators/${SUPPORT_OPERATOR.id}`, t, {
          permissions: ['orders.read', 'blocklists.manage'],
        }),
      ok: async (res) => void operatorSchema.parse(await res.json()),
    },
    {
      name: 'GET /users/{id}/personal_data_access_log',
      needs: 'owner',
      stranger: [403, 'forbidden'],
      run: (t) => send('GET', `/users/${seller.id}/personal_data_access_log`, t),
      ok: async (res) => void personalDataAccessPageSchema.parse(await res.json()),
    },
  ];

  for (const probe of probes) {
    it(`${probe.name}: each role gets what its permissions allow`, async () => {
      const seen: Record<string, string> = {};
      for (const role of roles) {
        const res = await probe.run(role.token(), role.name);
        const allowed =
          role.permissions === 'owner' ||
          (Array.isArray(role.permissions) &&
            probe.needs !== 'owner' &&
            role.permissions.includes(probe.needs));
        seen[role.name] = String(res.status);
        if (allowed) {
          expect(res.status, `${probe.name} as ${role.name}`).toBe(probe.allowedStatus ?? 200);
          await probe.ok(res);
        } else if (role.permissions === 'stranger') {
          if (typeof probe.stranger === 'function') await probe.stranger(res);
          else await expectError(res, probe.stranger[0], probe.stranger[1]);
        } else {
          const body = await expectError(res, 403, 'operator_permission_denied');
          if (probe.needs !== 'owner') {
            expect(body.message).toContain(probe.needs);
            expect(body.cause).toEqual([{ code: 'missing_permission', message: probe.needs }]);
          }
        }
      }
      // The matrix covers every role.
      expect(Object.keys(seen)).toHaveLength(roles.length);
    });
  }

  it('an operator may reply to feedback the seller received, once', async () => {
    const res = await send('POST', `/feedback/${feedbackId}/reply`, tokens.get('feedback.reply'), {
      reply: 'Gracias por tu compra',
    });
    expect(res.status).toBe(201);
    expect(feedbackSchema.parse(await res.json()).reply).toBe('Gracias por tu compra');
  });

  it('operators cannot give feedback in the seller’s name nor use the seller’s other resources', async () => {
    const t = tokens.get('orders.read')!;
    await expectError(
      await send('POST', `/orders/${orderId}/feedback`, t, { fulfilled: true, rating: 'positive' }),
      403,
      'not_owned_order',
    );
    await expectError(await send('GET', `/users/${seller.id}/addresses`, t), 403, 'forbidden');
    await expectError(await send('PUT', `/users/${seller.id}`, t, { first_name: 'X' }), 403, 'forbidden');
    // A seller's team does not reach the buyer's side of another seller's orders.
    await expectError(await send('GET', `/orders/search?buyer=${buyer.id}`, t), 403, 'caller.id.invalid');
  });
});

describe('personal data in order reads by operators', () => {
  const accessRows = (operatorId: number) => {
    return api.store.db
      .selectFrom('personal_data_access_log')
      .selectAll()
      .where('accessor_user_id', '=', seller.id)
      .where('operator_user_id', '=', operatorId)
      .execute();
  };

  it('without buyers.personal_data.read shows the buyer as id and nickname and writes no log row', async () => {
    const op = await member(['orders.read']);
    const order = orderSchema.parse(
      await api.json(`/orders/${orderId}`, op.token, { 'x-format-new': 'true' }),
    );
    expect(order.buyer).toEqual({ id: String(buyer.id), nickname: buyer.nickname });
    expect(Object.keys(order.seller)).toEqual(['id', 'nickname']);
    const page = orderSearchEnvelopeSchema.parse(
      await api.json(`/orders/search?seller=${seller.id}&q=${orderId}`, op.token),
    );
    expect(page.results[0]?.buyer).toEqual({ id: buyer.id, nickname: buyer.nickname });
    await new Promise((r) => setTimeout(r, 5));
    expect(await accessRows(op.id)).toEqual([]);
  });

  it('with it shows names and phones and logs the account and the operator', async () => {
    const op = await member(['orders.read', 'buyers.personal_data.read']);
    const order = orderSchema.parse(
      await api.json(`/orders/${orderId}`, op.token, { 'x-format-new': 'true' }),
    );
    expect(order.buyer).toHaveProperty('first_name');
    expect(order.buyer).toHaveProperty('phone');
    const rows = await accessRows(op.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      resource: 'GET /orders/{order_id}',
      fields: 'first_name,last_name,phone,alternative_phone',
    });
    expect(Number(rows[0]!.subject_user_id)).toBe(buyer.id);

    const log = personalDataAccessPageSchema.parse(
      await api.json(`/users/${seller.id}/personal_data_access_log?limit=5`, seller.access_token),
    );
    expect(log.results[0]).toMatchObject({
      account_id: seller.id,
      operator: { id: op.id },
      subject: { id: buyer.id, nickname: buyer.nickname },
      resource: 'GET /orders/{order_id}',
    });
    expect(log.paging).toMatchObject({ offset: 0, limit: 5 });
    expect(log.paging.total).toBeGreaterThanOrEqual(1);

    // The seller's own read is logged with no operator.
    await api.json(`/orders/${orderId}`, seller.access_token);
    const after = personalDataAccessPageSchema.parse(
      await api.json(`/users/${seller.id}/personal_data_access_log?limit=1`, seller.access_token),
    );
    expect(after.results[0]).toMatchObject({ account_id: seller.id, operator: null });
    expect(after.paging.total).toBe(log.paging.total + 1);
    await expectError(
      await send('GET', `/users/${seller.id}/personal_data_access_log?limit=0`, seller.access_token),
      400,
      'bad_request',
    );
    await expectError(
      await send('GET', `/users/${seller.id}/personal_data_access_log?limit=1&limit=2`, seller.access_token),
      400,
      'bad_request',
    );
  });
});

describe('changes to the team', () => {
  it('take effect on the operator’s next request', async () => {
    const op = await member(['blocklists.manage', 'orders.read']);
    const list = `/users/${seller.id}/order_blacklist`;
    expect((await send('GET', list, op.token)).status).toBe(200);

    const narrowed = await send('PUT', `/users/${seller.id}/operators/${op.id}`, seller.access_token, {
      permissions: ['orders.read'],
    });
    expect(narrowed.status).toBe(200);
    await expectError(await send('GET', list, op.token), 403, 'operator_permission_denied');
    expect((await send('GET', `/orders/${orderId}`, op.token)).status).toBe(200);

    await send('DELETE', `/users/${seller.id}/operators/${op.id}`, seller.access_token);
    await expectError(await send('GET', `/orders/${orderId}`, op.token), 403, 'not_owned_order');
    await expectError(await send('GET', list, op.token), 403, 'forbidden');
    const mine = operatedAccountListSchema.parse(await api.json('/users/me/operated_accounts', op.token));
    expect(mine.accounts).toEqual([]);
  });

  it('a block made by an operator is the seller’s block', async () => {
    const support = api.manifest.users.find((u) => u.role === 'operator')!;
    const res = await send('POST', `/users/${seller.id}/order_blacklist`, support.access_token, {
      user_id: buyer.id,
    });
    expect(blocklistEntrySchema.parse(await res.json())).toEqual({ user: { id: buyer.id, blocked: true } });
    const blocks = blocklistSchema.parse(
      await api.json(`/users/${seller.id}/order_blacklist`, seller.access_token),
    );
    expect(blocks.map((b) => b.user.id)).toContain(buyer.id);
    await send('DELETE', `/users/${seller.id}/order_blacklist/${buyer.id}`, support.access_token);
  });
});
