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
import { invalidQuery, ownQuery } from '../http/query.ts';
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

/**
 * Whether `/users/{a}/order_blacklist/{b}` names the seller first, as this API always did, or the buyer first, as
 * spec 4.3 writes it (`/users/{customer_id}/order_blacklist/{seller_id}`): the seller is the id the caller stands for
 * (itself, or an account it operates), the first when it could be either or neither (decision 0275).
 */
async function sellerFirst(
  deps: BlocklistDeps,
  caller: Parameters<typeof requireCaller>[0],
  first: number,
  second: number,
): Promise<boolean> {
  if (!caller || caller.userId === first) return true;
  if (caller.userId === second) return false;
  if ((await deps.operators.rights(first, caller.userId)) !== null) return true;
  return (await deps.operators.rights(second, caller.userId)) === null;
}

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
          description:
            segment === 'order_blacklist'
              ? 'Remove the block. Removing a block that does not exist changes nothing. The spec’s order ' +
                '(/users/{customer_id}/order_blacklist/{seller_id}) is taken too: the token says which id is the seller.'
              : 'Remove the block. Removing a block that does not exist changes nothing.',
          response: blocklistEntrySchema,
          auth: 'required',
          async handle(c, deps: BlocklistDeps) {
            const first = parseUserId(c.req.param('seller_id'), 'seller_id');
            const second = parseUserId(c.req.param('user_id'));
            const [sellerId, userId] =
              segment === 'order_blacklist' && !(await sellerFirst(deps, c.get('caller'), first, second))
                ? [second, first]
                : [first, second];
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

// The path names the blocking seller, or, as spec 4.3 words it, the buyer whose block the calling seller looks up
// (docs/decisions/0016-block-search.md, 0275-the-spec-literal-forms.md).
export const blockSearch = defineResource({
  path: '/block-api/search/users/{user_id}',
  name: 'Block search',
  description:
    'The blocks of a seller, with when. caller.id must be the token’s user. When the path user is the caller, or ' +
    'a seller the caller operates with blocklists.manage, it is the blocking seller and users lists the buyers it ' +
    'blocked; otherwise it is the buyer (spec 4.3), and users holds that buyer when the caller blocked it.',
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
      description: 'Search the blocks of a seller, or look up one buyer’s block by the calling seller.',
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
        const parsed = blockSearchParamsSchema.safeParse(ownQuery(c));
        if (!parsed.success) throw invalidQuery(parsed.error);
        const q = parsed.data;
        if (q['caller.id'] !== String(caller.userId)) {
          // Spec 7.2's own text: the caller is neither the seller nor one acting for it.
          throw new ApiError('caller.id.invalid');
        }
        const asSeller =
          userId === caller.userId || (await deps.operators.rights(userId, caller.userId)) !== null;
        let sellerId = userId;
        let only = q.user_blocked;
        if (asSeller) {
          // The account's own token, or its operator: refused only for lacking blocklists.manage.
          await actFor(deps, caller, userId, 'blocklists.manage', () => new ApiError('forbidden'));
        } else {
          // The spec's reading: the path user is the buyer, the caller the seller whose block is looked up.
          if (!(await deps.users.exists(userId))) {
            throw new ApiError('not_found', { message: `User ${userId} not found` });
          }
          sellerId = caller.userId;
          // A user_blocked other than the path's buyer matches no block (no user has id 0).
          only = only === undefined || only === userId ? userId : 0;
        }
        const offset = (await deps.users.find(sellerId))?.utcOffsetMinutes ?? 0;
        const { blocks, total } = await deps.blocks.list(sellerId, SEARCH_TYPES[q.type]!, {
          offset: q.offset,
          limit: q.limit,
          userId: only,
        });
        return json(c, {
          users: blocks.map((b) => ({ id: b.userId, blocked_at: isoAt(b.blockedAt, offset) })),
          paging: { offset: q.offset, limit: q.limit, total },
        });
      },
    },
  },
});
