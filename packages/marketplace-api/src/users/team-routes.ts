import {
  OPERATOR_PERMISSIONS,
  operatedAccountListSchema,
  operatorAddRequestSchema,
  operatorListSchema,
  operatorSchema,
  operatorUpdateRequestSchema,
  personalDataAccessPageSchema,
  personalDataAccessParamsSchema,
} from '@mostrador/contracts';
import type { Clock } from '../domain/time.ts';
import { isoAt } from '../domain/time.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { requireCaller } from '../http/env.ts';
import { json } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { invalidQuery, ownQuery } from '../http/query.ts';
import { defineResource } from '../http/resources.ts';
import { parseUserId } from '../http/user-params.ts';
import type { Caller } from '../oauth/token-repository.ts';
import type { AccessLogRepository } from './access-log-repository.ts';
import type { OperatorRecord, OperatorRepository } from './operator-repository.ts';
import type { UserRecord, UserRepository } from './user-repository.ts';

/** What the team resources need. */
export interface TeamDeps {
  accessLog: AccessLogRepository;
  clock: Clock;
  operators: OperatorRepository;
  users: UserRepository;
}

/**
 * A seller's team (docs/decisions/0100-team-access.md): the operators it lets act for it, with their permissions,
 * and the log of personal-data reads made under the account (0102). Only the account's own token manages the team
 * or reads the log; a team member gets 403 `operator_permission_denied`, anybody else 403 `forbidden`.
 */
async function owner(deps: TeamDeps, caller: Caller | null, sellerId: number): Promise<UserRecord> {
  const me = requireCaller(caller);
  if (me.userId !== sellerId) {
    if ((await deps.operators.rights(sellerId, me.userId)) !== null) {
      throw new ApiError('operator_permission_denied', {
        message: 'Only the account owner manages its team and reads its access log.',
        cause: [{ code: 'owner_only', message: 'team and access log belong to the account owner' }],
      });
    }
    throw new ApiError('forbidden', { message: 'only the account owner may use this resource' });
  }
  const user = await deps.users.find(sellerId);
  if (!user) throw new ApiError('not_found', { message: 'User not found' });
  return user;
}

const render = (o: OperatorRecord, offset: number) => ({
  user_id: o.operatorUserId,
  nickname: o.nickname,
  permissions: o.permissions,
  date_created: isoAt(o.createdAt, offset),
  last_updated: isoAt(o.updatedAt, offset),
});

const teamOf = async (deps: TeamDeps, seller: UserRecord) => ({
  seller_id: seller.id,
  operators: (await deps.operators.list(seller.id)).map((o) => render(o, seller.utcOffsetMinutes)),
});

const permissionList = OPERATOR_PERMISSIONS.join(', ');

export const team = defineResource({
  path: '/users/{seller_id}/operators',
  name: 'Team',
  description:
    'The operators (other users) a seller lets act for it, each with permissions from the documented set: ' +
    `${permissionList}. Only the seller's own token.`,
  attributes: { seller_id: 'The account.', operators: 'Array of {user_id, nickname, permissions, dates}.' },
  related_resources: ['/users/{seller_id}/operators/{operator_id}', '/users/me/operated_accounts'],
  connections: { member: '/users/{seller_id}/operators/{operator_id}' },
  methods: {
    GET: {
      example: '/users/123456789/operators',
      description: 'List the team, oldest member first.',
      response: operatorListSchema,
      auth: 'required',
      async handle(c, deps: TeamDeps) {
        const seller = await owner(deps, c.get('caller'), parseUserId(c.req.param('seller_id'), 'seller_id'));
        return json(c, await teamOf(deps, seller));
      },
    },
    POST: {
      example: '/users/123456789/operators',
      description:
        'Add a member: {"user_id": n} or {"nickname": "…"} (same site), with {"permissions": [...]}. 201; ' +
        '409 conflict when already on the team; 404 for an unknown user; 400 for the seller itself.',
      body: operatorAddRequestSchema,
      response: operatorSchema,
      status: 201,
      errors: [409],
      auth: 'required',
      async handle(c, deps: TeamDeps) {
        const seller = await owner(deps, c.get('caller'), parseUserId(c.req.param('seller_id'), 'seller_id'));
        const body = await jsonBody(c, operatorAddRequestSchema);
        const user =
          body.user_id !== undefined
            ? await deps.users.find(body.user_id)
            : await deps.users.findByNickname(seller.siteId, body.nickname!);
        if (!user) {
          throw new ApiError('not_found', {
            message:
              body.user_id !== undefined
                ? `User ${body.user_id} not found`
                : `No user with that nickname on ${seller.siteId}`,
          });
        }
        if (user.id === seller.id) {
          throw badRequest('a seller cannot add itself to its team', [
            { code: 'cannot_add_yourself', message: 'the user is the account owner' },
          ]);
        }
        const now = deps.clock().getTime();
        if (!(await deps.operators.add(seller.id, user.id, body.permissions, now))) {
          throw new ApiError('conflict', {
            message: `User ${user.id} is already on the team; change its permissions with PUT`,
          });
        }
        const added = await deps.operators.find(seller.id, user.id);
        return json(c, render(added!, seller.utcOffsetMinutes), 201);
      },
    },
  },
});

export const teamMember = defineResource({
  path: '/users/{seller_id}/operators/{operator_id}',
  name: 'Team member',
  description: 'One operator of the seller. Changes hold from the operator’s next request.',
  attributes: {
    user_id: 'The operator.',
    nickname: 'Its nickname.',
    permissions: 'What it may do for the seller.',
    date_created: 'When it was added.',
    last_updated: 'When its permissions last changed.',
  },
  related_resources: ['/users/{seller_id}/operators'],
  connections: { team: '/users/{seller_id}/operators' },
  methods: {
    PUT: {
      example: '/users/123456789/operators/987654321',
      description: 'Replace the permissions: {"permissions": [...]}. 404 when not on the team.',
      body: operatorUpdateRequestSchema,
      response: operatorSchema,
      auth: 'required',
      async handle(c, deps: TeamDeps) {
        const sellerId = parseUserId(c.req.param('seller_id'), 'seller_id');
        const operatorId = parseUserId(c.req.param('operator_id'), 'operator_id');
        const seller = await owner(deps, c.get('caller'), sellerId);
        const body = await jsonBody(c, operatorUpdateRequestSchema);
        if (!(await deps.operators.update(seller.id, operatorId, body.permissions, deps.clock().getTime()))) {
          throw new ApiError('not_found', { message: `User ${operatorId} is not on the team` });
        }
        const updated = await deps.operators.find(seller.id, operatorId);
        return json(c, render(updated!, seller.utcOffsetMinutes));
      },
    },
    DELETE: {
      example: '/users/123456789/operators/987654321',
      description: 'Remove the operator; answers the remaining team. 404 when not on the team.',
      response: operatorListSchema,
      auth: 'required',
      async handle(c, deps: TeamDeps) {
        const sellerId = parseUserId(c.req.param('seller_id'), 'seller_id');
        const operatorId = parseUserId(c.req.param('operator_id'), 'operator_id');
        const seller = await owner(deps, c.get('caller'), sellerId);
        if (!(await deps.operators.remove(seller.id, operatorId))) {
          throw new ApiError('not_found', { message: `User ${operatorId} is not on the team` });
        }
        return json(c, await teamOf(deps, seller));
      },
    },
  },
});

export const operatedAccounts = defineResource({
  path: '/users/me/operated_accounts',
  name: 'Operated accounts',
  description: 'The seller accounts whose team the caller is on, with its permissions on each.',
  attributes: { accounts: 'Array of {user_id, nickname, site_id, permissions}, by nickname.' },
  related_resources: ['/users/{seller_id}/operators'],
  connections: {},
  methods: {
    GET: {
      example: '/users/me/operated_accounts',
      description: 'List the accounts the caller operates.',
      response: operatedAccountListSchema,
      auth: 'required',
      async handle(c, deps: TeamDeps) {
        const caller = requireCaller(c.get('caller'));
        const accounts = await deps.operators.operatedBy(caller.userId);
        return json(c, {
          accounts: accounts.map((a) => ({
            user_id: a.sellerId,
            nickname: a.nickname,
            site_id: a.siteId,
            permissions: a.permissions,
          })),
        });
      },
    },
  },
});

export const personalDataAccessLog = defineResource({
  path: '/users/{seller_id}/personal_data_access_log',
  name: 'Personal-data access log',
  description:
    'Who read whose personal data under the account, newest first: the account and, when a team member read ' +
    "it, that operator (spec 5, item 6). Only the seller's own token.",
  attributes: {
    results:
      'Array of {accessed_at, account_id, operator: {id, nickname} | null, subject: {id, nickname}, ' +
      'application_id, resource, fields}.',
    paging: 'total, offset and limit.',
  },
  related_resources: ['/users/{seller_id}/operators'],
  connections: { team: '/users/{seller_id}/operators' },
  methods: {
    GET: {
      example: '/users/123456789/personal_data_access_log?offset=0&limit=50',
      description: 'Page through the log.',
      query: { offset: 'Default 0, at most 10000.', limit: 'Default 50, at most 100.' },
      response: personalDataAccessPageSchema,
      auth: 'required',
      async handle(c, deps: TeamDeps) {
        const seller = await owner(deps, c.get('caller'), parseUserId(c.req.param('seller_id'), 'seller_id'));
        const parsed = personalDataAccessParamsSchema.safeParse(ownQuery(c));
        if (!parsed.success) throw invalidQuery(parsed.error);
        const { offset, limit } = parsed.data;
        const page = await deps.accessLog.forAccount(seller.id, { offset, limit });
        return json(c, {
          results: page.rows.map((r) => ({
            accessed_at: isoAt(r.at, seller.utcOffsetMinutes),
            account_id: r.accountId,
            operator:
              r.operatorUserId === null ? null : { id: r.operatorUserId, nickname: r.operatorNickname },
            subject: { id: r.subjectUserId, nickname: r.subjectNickname },
            application_id: r.applicationId,
            resource: r.resource,
            fields: r.fields,
          })),
          paging: { total: page.total, offset, limit },
        });
      },
    },
  },
});
