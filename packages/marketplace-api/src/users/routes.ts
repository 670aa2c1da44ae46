import {
  immediatePaymentRequestSchema,
  immediatePaymentResponseSchema,
  partialUserPrivateSchema,
  partialUserPublicSchema,
  userAddressesSchema,
  userPrivateSchema,
  userPublicSchema,
  userUpdateRequestSchema,
} from '@mostrador/contracts';
import type { Context } from 'hono';
import type { Clock } from '../domain/time.ts';
import {
  type LoadedParts,
  PRIVATE_USER_FIELDS,
  renderAddress,
  renderPrivateUser,
  renderPublicUser,
  type UserPart,
  withOrderCounts,
} from '../domain/user-profile.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import type { Faults, PlatformOptions } from '../http/env.ts';
import { type ApiEnv, requireCaller } from '../http/env.ts';
import { JSON_TYPE, json } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { actFor } from '../http/operator-access.ts';
import { defineResource } from '../http/resources.ts';
import { simulatedMissing, simulateMissingHeader } from '../http/simulated-missing.ts';
import { disclosedFields, parseUserId, requireSelf } from '../http/user-params.ts';
import type { Caller } from '../oauth/token-repository.ts';
import { SITES } from '../seed/reference.ts';
import type { AccessLogRepository } from './access-log-repository.ts';
import type { OperatorRepository } from './operator-repository.ts';
import type { UserRecord, UserRepository } from './user-repository.ts';

/** What the user resources need. */
export interface UserRoutesDeps {
  accessLog: AccessLogRepository;
  clock: Clock;
  faults: Faults;
  users: UserRepository;
  operators: OperatorRepository;
  platform: PlatformOptions;
}

const USER_PARTS: readonly UserPart[] = ['seller_reputation', 'buyer_reputation'];

const stateNames = new Map(SITES.flatMap((s) => s.states.map((st) => [st.id, st.name] as const)));

/** Reputation is loaded on its own; a part that fails is answered empty and named (206). */
async function loadParts(deps: UserRoutesDeps, c: Context, user: UserRecord): Promise<LoadedParts> {
  const missing: UserPart[] = [];
  const failed = simulatedMissing(c, deps, USER_PARTS);
  const counts = await deps.users.orderCounts(user.id);
  const load = (part: UserPart, json: string): Record<string, unknown> => {
    try {
      if (failed?.has(part) || deps.faults.failUserPart?.(part, user.id))
        throw new Error(`${part} unavailable`);
      const value = JSON.parse(json) as unknown;
      if (value === null || typeof value !== 'object' || Object.keys(value).length === 0) {
        throw new Error(`${part} missing`);
      }
      return withOrderCounts(part, value as Record<string, unknown>, counts);
    } catch {
      missing.push(part);
      return {};
    }
  };
  return {
    seller_reputation: load('seller_reputation', user.sellerReputation),
    buyer_reputation: load('buyer_reputation', user.buyerReputation),
    missing,
  };
}

function answer(c: Context, body: unknown, missing: UserPart[]) {
  const text = JSON.stringify(body);
  if (missing.length === 0) return c.body(text, 200, JSON_TYPE);
  return c.body(text, 206, { ...JSON_TYPE, 'X-Content-Missing': missing.join(',') });
}

export async function findUser(deps: { users: UserRepository }, id: number): Promise<UserRecord> {
  const user = await deps.users.find(id);
  if (!user) throw new ApiError('not_found', { message: 'User not found' });
  return user;
}

/** The private view, with its access-log row written before the answer leaves. */
async function privateView(
  deps: UserRoutesDeps,
  c: Context<ApiEnv>,
  caller: Caller,
  user: UserRecord,
  resource: string,
) {
  const parts = await loadParts(deps, c, user);
  const body = renderPrivateUser(user, await deps.users.personal(user.id), parts);
  const disclosed = disclosedFields(c, PRIVATE_USER_FIELDS);
  if (disclosed.length > 0) {
    await deps.accessLog.record([
      {
        accessorUserId: caller.userId,
        applicationId: caller.applicationId,
        subjectUserId: user.id,
        at: deps.clock().getTime(),
        resource,
        fields: disclosed,
      },
    ]);
  }
  return answer(c, body, parts.missing);
}

// The account's own token, or a member of its team with `immediate_payment.manage` (decision 0100).
const manageImmediatePayment = (deps: UserRoutesDeps, caller: Caller | null, id: number) =>
  actFor(
    deps,
    requireCaller(caller),
    id,
    'immediate_payment.manage',
    () => new ApiError('forbidden', { message: 'only the account owner may use this resource' }),
  );

const userAttributes: Record<string, string> = {
  id: 'User id.',
  nickname: 'Public name.',
  registration_date: 'When the account was created.',
  first_name: 'Private: first name.',
  last_name: 'Private: last name.',
  country_id: 'Country of the account.',
  email: 'Private: e-mail.',
  identification: 'Private: identity document {type, number}.',
  address: 'state and city (public); address and zip_code (private).',
  phone: 'Private: {area_code, number, extension, verified}.',
  alternative_phone: 'Private: {area_code, number, extension}.',
  user_type: 'normal, brand, car_dealer, real_estate_agency…',
  tags: 'Account tags.',
  logo: 'Logo URL or null.',
  points: 'Points.',
  site_id: 'Site of the account.',
  permalink: 'Public profile URL.',
  seller_experience: 'Private: NEWBIE, INTERMEDIATE, ADVANCED.',
  seller_reputation: 'level_id, power_seller_status and transactions.',
  buyer_reputation: 'Buyer transactions (private); only tags in the public view.',
  status: 'Account status (private); only site_status in the public view.',
  credit: 'Private: {consumed, credit_level_id}.',
};

export const currentUser = defineResource({
  path: '/users/me',
  name: 'Current user',
  description: 'The account of the token: the private view.',
  attributes: userAttributes,
  related_resources: ['/users/{user_id}'],
  connections: { user: '/users/{user_id}' },
  methods: {
    GET: {
      example: '/users/me',
      description: 'Read your own account. 206 with X-Content-Missing when reputation could not be loaded.',
      headers: simulateMissingHeader(USER_PARTS),
      response: userPrivateSchema,
      partial: partialUserPrivateSchema,
      auth: 'required',
      async handle(c, deps: UserRoutesDeps) {
        const caller = requireCaller(c.get('caller'));
        return privateView(deps, c, caller, await findUser(deps, caller.userId), 'GET /users/me');
      },
    },
  },
});

export const user = defineResource({
  path: '/users/{user_id}',
  name: 'User',
  description: 'A user: the public view, or the private view with that user’s own token.',
  attributes: userAttributes,
  related_resources: ['/users/{user_id}/addresses', '/users/{user_id}/immediate_payment'],
  connections: {
    addresses: '/users/{user_id}/addresses',
    immediate_payment: '/users/{user_id}/immediate_payment',
  },
  methods: {
    GET: {
      example: '/users/123456789',
      description:
        'Read a user: the private view with that user’s own token, the public view otherwise. 206 with ' +
        'X-Content-Missing when reputation could not be loaded.',
      headers: simulateMissingHeader(USER_PARTS),
      response: userPublicSchema.or(userPrivateSchema),
      partial: partialUserPublicSchema.or(partialUserPrivateSchema),
      auth: 'optional',
      async handle(c, deps: UserRoutesDeps) {
        const id = parseUserId(c.req.param('user_id'));
        const found = await findUser(deps, id);
        const caller = c.get('caller');
        if (caller?.userId === id) return privateView(deps, c, caller, found, 'GET /users/{user_id}');
        const parts = await loadParts(deps, c, found);
        return answer(c, renderPublicUser(found, parts), parts.missing);
      },
    },
    PUT: {
      example: '/users/123456789',
      description:
        'Update your own first_name, last_name, phone, alternative_phone or address; answers the private view.',
      body: userUpdateRequestSchema,
      response: userPrivateSchema,
      partial: partialUserPrivateSchema,
      auth: 'required',
      async handle(c, deps: UserRoutesDeps) {
        const id = parseUserId(c.req.param('user_id'));
        const caller = requireSelf(c.get('caller'), id);
        const found = await findUser(deps, id);
        const body = await jsonBody(c, userUpdateRequestSchema);
        if (body.address && !body.address.state.startsWith(`${found.countryId}-`)) {
          throw badRequest(`address.state must be a state of ${found.countryId}`, [
            {
              code: 'invalid_field',
              message: `address.state: ${body.address.state} is not in ${found.countryId}`,
            },
          ]);
        }
        await deps.users.update(id, {
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone && { ...body.phone, extension: body.phone.extension ?? '' },
          alternativePhone: body.alternative_phone && {
            ...body.alternative_phone,
            extension: body.alternative_phone.extension ?? '',
          },
          address: body.address,
        });
        return privateView(deps, c, caller, await findUser(deps, id), 'PUT /users/{user_id}');
      },
    },
  },
});

export const immediatePayment = defineResource({
  path: '/users/{user_id}/immediate_payment',
  name: 'Sell equals pay',
  description:
    'Marks the seller as accepting only the platform payment mode; agreeing with the seller is disabled.',
  attributes: { id: 'The user id.' },
  related_resources: ['/users/{user_id}/immediate_payment/{reason}'],
  connections: { remove: '/users/{user_id}/immediate_payment/by_user' },
  methods: {
    PUT: {
      example: '/users/123456789/immediate_payment',
      description: 'Body {"reason":"by_user"}. Own token only.',
      body: immediatePaymentRequestSchema,
      response: immediatePaymentResponseSchema,
      auth: 'required',
      async handle(c, deps: UserRoutesDeps) {
        const id = parseUserId(c.req.param('user_id'));
        await manageImmediatePayment(deps, c.get('caller'), id);
        const body = await jsonBody(c, immediatePaymentRequestSchema);
        await findUser(deps, id);
        await deps.users.addImmediatePayment(id, body.reason, deps.clock().getTime());
        return json(c, { id });
      },
    },
  },
});

export const immediatePaymentMarker = defineResource({
  path: '/users/{user_id}/immediate_payment/{reason}',
  name: 'Sell equals pay marker',
  description: 'The by_user marker of a seller.',
  attributes: { id: 'The user id.' },
  related_resources: ['/users/{user_id}'],
  connections: { user: '/users/{user_id}' },
  methods: {
    DELETE: {
      example: '/users/123456789/immediate_payment/by_user',
      description: 'Remove the marker. Own token only.',
      response: immediatePaymentResponseSchema,
      auth: 'required',
      async handle(c, deps: UserRoutesDeps) {
        const id = parseUserId(c.req.param('user_id'));
        await manageImmediatePayment(deps, c.get('caller'), id);
        const reason = c.req.param('reason');
        if (reason !== 'by_user') {
          throw new ApiError('not_found', { message: 'only the by_user marker can be removed by its user' });
        }
        await findUser(deps, id);
        await deps.users.removeImmediatePayment(id, reason);
        return json(c, { id });
      },
    },
  },
});

export const userAddresses = defineResource({
  path: '/users/{user_id}/addresses',
  name: 'User addresses',
  description: 'Addresses of the account. Own token only; each read is written to the access log.',
  attributes: {
    id: 'Address id.',
    address_line: 'Street and number.',
    zip_code: 'Postal code.',
    city: '{id, name}.',
    state: '{id, name}.',
    country: '{id, name}.',
    types: 'default_selling_address, default_buying_address, shipping, billing.',
  },
  related_resources: ['/users/{user_id}'],
  connections: { user: '/users/{user_id}' },
  methods: {
    GET: {
      example: '/users/123456789/addresses',
      description: 'List the account addresses.',
      response: userAddressesSchema,
      auth: 'required',
      async handle(c, deps: UserRoutesDeps) {
        const id = parseUserId(c.req.param('user_id'));
        const caller = requireSelf(c.get('caller'), id);
        const found = await findUser(deps, id);
        const personal = await deps.users.personal(id);
        const addresses = personal.address
          ? [
              renderAddress(
                found,
                personal,
                found.addressState ? (stateNames.get(found.addressState) ?? null) : null,
              ),
            ]
          : [];
        if (addresses.length > 0) {
          await deps.accessLog.record([
            {
              accessorUserId: caller.userId,
              applicationId: caller.applicationId,
              subjectUserId: id,
              at: deps.clock().getTime(),
              resource: 'GET /users/{user_id}/addresses',
              // Attributes reduce each address, not the list: the log names what an address can disclose.
              fields: ['contact', 'phone', 'address_line', 'street_name', 'street_number', 'zip_code'],
            },
          ]);
        }
        return json(c, addresses);
      },
    },
  },
});
