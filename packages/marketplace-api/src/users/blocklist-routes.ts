import {
  blocklistEntrySchema,
  blocklistSchema,
  blockRequestSchema,
  blockSearchPageSchema,
  blockSearchParamsSchema,
} from '@mostrador/contracts';
import { Hono } from 'hono';
import { isoAt } from '../domain/time.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { type ApiContext, type ApiEnv, requireCaller } from '../http/env.ts';
import { jsonBody } from '../http/json-body.ts';
import { actFor } from '../http/operator-access.ts';
import type { ResourceDescription } from '../http/resources.ts';
import { parseUserId } from '../http/user-params.ts';
import type { BlockList } from './block-repository.ts';

const LISTS: Record<string, BlockList> = { order_blacklist: 'order', questions_blacklist: 'questions' };
const SEARCH_TYPES: Record<string, BlockList> = {
  blocked_by_order: 'order',
  blocked_by_questions: 'questions',
};

/** Buyers a seller blocked from buying (`order_blacklist`) or from asking (`questions_blacklist`). */
export function blocklistRoutes(ctx: ApiContext) {
  const app = new Hono<ApiEnv>();
  const notOwner = () =>
    new ApiError('forbidden', { message: 'only the account owner may use this resource' });
  // The seller's own token, or a member of its team with `blocklists.manage` (decision 0100).
  const manage = (caller: Parameters<typeof requireCaller>[0], sellerId: number) =>
    actFor(ctx, requireCaller(caller), sellerId, 'blocklists.manage', notOwner);

  for (const [segment, list] of Object.entries(LISTS)) {
    app.get(`/users/:seller_id/${segment}`, async (c) => {
      const sellerId = parseUserId(c.req.param('seller_id'), 'seller_id');
      await manage(c.get('caller'), sellerId);
      const { blocks } = await ctx.blocks.list(sellerId, list);
      return c.json(blocks.map((b) => ({ user: { id: b.userId, blocked: true } })));
    });

    app.post(`/users/:seller_id/${segment}`, async (c) => {
      const sellerId = parseUserId(c.req.param('seller_id'), 'seller_id');
      await manage(c.get('caller'), sellerId);
      const { user_id: userId } = await jsonBody(c, blockRequestSchema);
      if (userId === sellerId) {
        throw badRequest('a seller cannot block itself', [
          { code: 'cannot_block_yourself', message: 'user_id is the seller' },
        ]);
      }
      if (!(await ctx.users.exists(userId))) {
        throw new ApiError('not_found', { message: `User ${userId} not found` });
      }
      // A second block of the same buyer finds the first: same answer, nothing changed.
      await ctx.blocks.add(sellerId, list, userId, ctx.clock().getTime());
      return c.json({ user: { id: userId, blocked: true } });
    });

    app.delete(`/users/:seller_id/${segment}/:user_id`, async (c) => {
      const sellerId = parseUserId(c.req.param('seller_id'), 'seller_id');
      const userId = parseUserId(c.req.param('user_id'));
      await manage(c.get('caller'), sellerId);
      if (!(await ctx.users.exists(userId))) {
        throw new ApiError('not_found', { message: `User ${userId} not found` });
      }
      await ctx.blocks.remove(sellerId, list, userId);
      return c.json({ user: { id: userId, blocked: false } });
    });
  }

  // The path names the blocking seller; `users` lists the buyers it blocked (docs/decisions/0016-block-search.md).
  app.get('/block-api/search/users/:user_id', async (c) => {
    const userId = parseUserId(c.req.param('user_id'));
    const caller = requireCaller(c.get('caller'));
    const parsed = blockSearchParamsSchema.safeParse(c.req.query());
    if (!parsed.success) {
      const issues = parsed.error.issues;
      throw badRequest(
        issues[0]?.code === 'unrecognized_keys'
          ? `unknown parameter(s): ${issues[0].keys.join(', ')}`
          : `${issues[0]?.path.join('.') ?? 'query'}: ${issues[0]?.message ?? 'invalid'}`,
        issues.map((i) => ({ code: 'invalid_parameter', message: `${i.path.join('.')}: ${i.message}` })),
      );
    }
    const q = parsed.data;
    if (q['caller.id'] !== String(caller.userId)) {
      throw new ApiError('caller.id.invalid', { message: 'caller.id does not match the token’s user.' });
    }
    await actFor(
      ctx,
      caller,
      userId,
      'blocklists.manage',
      () => new ApiError('forbidden', { message: 'only the seller may search its own blocks' }),
    );
    const offset = (await ctx.users.find(userId))?.utcOffsetMinutes ?? 0;
    const { blocks, total } = await ctx.blocks.list(userId, SEARCH_TYPES[q.type]!, {
      offset: q.offset,
      limit: q.limit,
      userId: q.user_blocked,
    });
    return c.json({
      users: blocks.map((b) => ({ id: b.userId, blocked_at: isoAt(b.blockedAt, offset) })),
      paging: { offset: q.offset, limit: q.limit, total },
    });
  });

  return app;
}

const listResource = (segment: string, what: string): ResourceDescription[] => [
  {
    path: `/users/{seller_id}/${segment}`,
    name: `Blocked buyers (${what})`,
    description: `Buyers the seller blocked from ${what}. Only the seller's own token, or an operator with blocklists.manage, may read or change it.`,
    attributes: { user: '{id, blocked}: the blocked buyer.' },
    methods: [
      {
        method: 'GET',
        example: `/users/123456789/${segment}`,
        description: 'List the blocked buyers, newest first.',
        response: blocklistSchema,
        auth: 'required',
      },
      {
        method: 'POST',
        example: `/users/123456789/${segment}`,
        description: 'Block a buyer: body {"user_id": n}. Blocking twice changes nothing.',
        body: blockRequestSchema,
        response: blocklistEntrySchema,
        auth: 'required',
      },
    ],
    related_resources: [`/users/{seller_id}/${segment}/{user_id}`, '/block-api/search/users/{user_id}'],
    connections: { unblock: `/users/{seller_id}/${segment}/{user_id}` },
  },
  {
    path: `/users/{seller_id}/${segment}/{user_id}`,
    name: `Blocked buyer (${what})`,
    description: 'One block of the seller.',
    attributes: { user: '{id, blocked: false} once removed.' },
    methods: [
      {
        method: 'DELETE',
        example: `/users/123456789/${segment}/987654321`,
        description: 'Remove the block. Removing a block that does not exist changes nothing.',
        response: blocklistEntrySchema,
        auth: 'required',
      },
    ],
    related_resources: [`/users/{seller_id}/${segment}`],
    connections: { list: `/users/{seller_id}/${segment}` },
  },
];

export const blocklistResources: ResourceDescription[] = [
  ...listResource('order_blacklist', 'buying'),
  ...listResource('questions_blacklist', 'asking questions'),
  {
    path: '/block-api/search/users/{user_id}',
    name: 'Block search',
    description:
      'The buyers the seller in the path blocked, with when. caller.id must be the token’s user; that user is ' +
      'the seller or an operator of the seller with blocklists.manage.',
    attributes: {
      users: 'Array of {id, blocked_at}: blocked buyers, newest first.',
      paging: 'offset, limit and total (the number of blocks found).',
    },
    methods: [
      {
        method: 'GET',
        example: '/block-api/search/users/123456789?type=blocked_by_order&caller.id=123456789',
        description: 'Search the blocks of a seller.',
        query: {
          type: 'Required: blocked_by_questions or blocked_by_order.',
          user_blocked: 'Only this buyer’s block.',
          'caller.id': 'Required: the id of the user making the request.',
          offset: 'Default 0.',
          limit: 'Default 10, at most 1000.',
        },
        response: blockSearchPageSchema,
        auth: 'required',
      },
    ],
    related_resources: ['/users/{seller_id}/order_blacklist', '/users/{seller_id}/questions_blacklist'],
    connections: {
      order_blacklist: '/users/{seller_id}/order_blacklist',
      questions_blacklist: '/users/{seller_id}/questions_blacklist',
    },
  },
];
