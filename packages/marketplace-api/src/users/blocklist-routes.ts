import {
  blocklistEntrySchema,
  blocklistSchema,
  blockRequestSchema,
  blockSearchPageSchema,
  blockSearchParamsSchema,
} from '@mostrador/contracts';
import type { Clock } from '../domain/time.ts';
import { isoAt } from '../domain/time.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { requireCaller } from '../http/env.ts';
import { json } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { actFor } from '../http/operator-access.ts';
import { invalidQuery } from '../http/query.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { parseUserId } from '../http/user-params.ts';
import type { BlockList, BlockRepository } from './block-repository.ts';
import type { OperatorRepository } from './operator-repository.ts';
import type { UserRepository } from './user-repository.ts';

/** What the blocklists need. */
export interface BlocklistDeps {
  blocks: BlockRepository;
  clock: Clock;
  users: UserRepository;
  operators: OperatorRepository;
}

const SEARCH_TYPES: Record<string, BlockList> = {
  blocked_by_order: 'order',
  blocked_by_questions: 'questions',
};

// The seller's own token, or a member of its team with `blocklists.manage` (decision 0100).
const manage = (deps: BlocklistDeps, caller: Parameters<typeof requireCaller>[0], sellerId: number) =>
  actFor(
    deps,
    requireCaller(caller),
    sellerId,
    'blocklists.manage',
    () => new ApiError('forbidden', { message: 'only the account owner may use this resource' }),
  );

/** Buyers a seller blocked from buying (`order_blacklist`) or from asking (`questions_blacklist`). */
function blocklist(
  segment: 'order_blacklist' | 'questions_blacklist',
  list: BlockList,
  what: string,
): Resource<string, BlocklistDeps>[] {
  return [
    defineResource({
      path: `/users/{seller_id}/${segment}`,
      name: `Blocked buyers (${what})`,
      description: `Buyers the seller blocked from ${what}. Only the seller's own token, or an operator with blocklists.manage, may read or change it.`,
      attributes: { user: '{id, blocked}: the blocked buyer.' },
      related_resources: [`/users/{seller_id}/${segment}/{user_id}`, '/block-api/search/users/{user_id}'],
      connections: { unblock: `/users/{seller_id}/${segment}/{user_id}` },
      methods: {
        GET: {
          example: `/users/123456789/${segment}`,
          description: 'List the blocked buyers, newest first.',
          response: blocklistSchema,
          auth: 'required',
          async handle(c, deps: BlocklistDeps) {
            const sellerId = parseUserId(c.req.param('seller_id'), 'seller_id');
            await manage(deps, c.get('caller'), sellerId);
            const { blocks } = await deps.blocks.list(sellerId, list);
            return json(
              c,
              blocks.map((b) => ({ user: { id: b.userId, blocked: true } })),
            );
          },
        },
        POST: {
          example: `/users/123456789/${segment}`,
          description: 'Block a buyer: body {"user_id": n}. Blocking twice changes nothing.',
          body: blockRequestSchema,
          response: blocklistEntrySchema,
          auth: 'required',
          async handle(c, deps: BlocklistDeps) {
            const sellerId = parseUserId(c.req.param('seller_id'), 'seller_id');
            await manage(deps, c.get('caller'), sellerId);
            const { user_id: userId } = await jsonBody(c, blockRequestSchema);
            if (userId === sellerId) {
              throw badRequest('a seller cannot block itself', [
                { code: 'cannot_block_yourself', message: 'user_id is the seller' },
              ]);
            }
            if (!(await deps.users.exists(userId))) {
              throw new ApiError('not_found', { message: `User ${userId} not found` });
            }
            // A second block of the same buyer finds the first: same answer, nothing changed.
            await deps.blocks.add(sellerId, list, userId, deps.clock().getTime());
            return json(c, { user: { id: userId, blocked: true } });
          },
        },
      },
    }),
    defineResource({
      path: `/users/{seller_id}/${segment}/{user_id}`,
      name: `Blocked buyer (${what})`,
      description: 'One block of the seller.',
      attributes: { user: '{id, blocked: false} once removed.' },
      related_resources: [`/users/{seller_id}/${segment}`],
      connections: { list: `/users/{seller_id}/${segment}` },
      methods: {
        DELETE: {
          example: `/users/123456789/${segment}/987654321`,
          description: 'Remove the block. Removing a block that does not exist changes nothing.',
          response: blocklistEntrySchema,
          auth: 'required',
          async handle(c, deps: BlocklistDeps) {
            const sellerId = parseUserId(c.req.param('seller_id'), 'seller_id');
            const userId = parseUserId(c.req.param('user_id'));
            await manage(deps, c.get('caller'), sellerId);
            if (!(await deps.users.exists(userId))) {
              throw new ApiError('not_found', { message: `User ${userId} not found` });
            }
            await deps.blocks.remove(sellerId, list, userId);
            return json(c, { user: { id: userId, blocked: false } });
          },
        },
      },
    }),
  ];
}

export const orderBlacklist = blocklist('order_blacklist', 'order', 'buying');
export const questionsBlacklist = blocklist('questions_blacklist', 'questions', 'asking questions');

// The path names the blocking seller; `users` lists the buyers it blocked (docs/decisions/0016-block-search.md).
export const blockSearch = defineResource({
  path: '/block-api/search/users/{user_id}',
  name: 'Block search',
  description:
    'The buyers the seller in the path blocked, with when. caller.id must be the token’s user; that user is ' +
    'the seller or an operator of the seller with blocklists.manage.',
  attributes: {
    users: 'Array of {id, blocked_at}: blocked buyers, newest first.',
    paging: 'offset, limit and total (the number of blocks found).',
  },
  related_resources: ['/users/{seller_id}/order_blacklist', '/users/{seller_id}/questions_blacklist'],
  connections: {
    order_blacklist: '/users/{seller_id}/order_blacklist',
    questions_blacklist: '/users/{seller_id}/questions_blacklist',
  },
  methods: {
    GET: {
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
      async handle(c, deps: BlocklistDeps) {
        const userId = parseUserId(c.req.param('user_id'));
        const caller = requireCaller(c.get('caller'));
        const parsed = blockSearchParamsSchema.safeParse(c.req.query());
        if (!parsed.success) throw invalidQuery(parsed.error);
        const q = parsed.data;
        if (q['caller.id'] !== String(caller.userId)) {
          // Spec 7.2's own text: the caller is neither the seller nor one acting for it.
          throw new ApiError('caller.id.invalid');
        }
        await actFor(
          deps,
          caller,
          userId,
          'blocklists.manage',
          () => new ApiError('forbidden', { message: 'only the seller may search its own blocks' }),
        );
        const offset = (await deps.users.find(userId))?.utcOffsetMinutes ?? 0;
        const { blocks, total } = await deps.blocks.list(userId, SEARCH_TYPES[q.type]!, {
          offset: q.offset,
          limit: q.limit,
          userId: q.user_blocked,
        });
        return json(c, {
          users: blocks.map((b) => ({ id: b.userId, blocked_at: isoAt(b.blockedAt, offset) })),
          paging: { offset: q.offset, limit: q.limit, total },
        });
      },
    },
  },
});
