import { z } from 'zod';
import { commonQueryShape, isoDateTimeSchema, numericIdSchema } from './common.ts';
import { pagingSchema } from './paging.ts';

/**
 * What an operator may do for the account that added it (docs/decisions/0100-team-access.md). Each permission
 * opens these resources of that account and nothing else:
 * - `orders.read`: `GET /orders/search?seller=…|buyer=…`, `GET /orders/{id}` (with `/product`, `/discounts`,
 *   `/feedback`) and the order's shipment; the counterpart is shown as `{id, nickname}` only.
 * - `feedback.reply`: `POST /feedback/{id}/reply` to feedback the account received.
 * - `blocklists.manage`: `/users/{id}/order_blacklist`, `/questions_blacklist` and the block search.
 * - `buyers.personal_data.read`: with `orders.read`, order reads show the counterpart's names and phones, and
 *   every such read is logged with the account and the operator.
 * - `immediate_payment.manage`: `PUT /users/{id}/immediate_payment` and its `DELETE`.
 */
export const OPERATOR_PERMISSIONS = [
  'orders.read',
  'feedback.reply',
  'blocklists.manage',
  'buyers.personal_data.read',
  'immediate_payment.manage',
] as const;
export const operatorPermissionSchema = z.enum(OPERATOR_PERMISSIONS);
export type OperatorPermission = z.infer<typeof operatorPermissionSchema>;

const permissionListSchema = z
  .array(operatorPermissionSchema)
  .max(OPERATOR_PERMISSIONS.length)
  .refine((list) => new Set(list).size === list.length, 'permissions must not repeat');

/** One operator of an account, as `GET /users/{seller_id}/operators` lists it. */
export const operatorSchema = z.object({
  user_id: numericIdSchema,
  nickname: z.string(),
  permissions: z.array(operatorPermissionSchema),
  date_created: isoDateTimeSchema,
  last_updated: isoDateTimeSchema,
});
export type Operator = z.infer<typeof operatorSchema>;

export const operatorListSchema = z.object({
  seller_id: numericIdSchema,
  operators: z.array(operatorSchema),
});
export type OperatorList = z.infer<typeof operatorListSchema>;

/** `POST /users/{seller_id}/operators`: the user to add, by id or by nickname (exactly one), and its rights. */
export const operatorAddRequestSchema = z
  .strictObject({
    user_id: numericIdSchema.optional(),
    nickname: z.string().min(1).max(60).optional(),
    permissions: permissionListSchema,
  })
  .refine((b) => (b.user_id === undefined) !== (b.nickname === undefined), {
    message: 'send exactly one of user_id and nickname',
    path: ['user_id'],
  });
export type OperatorAddRequest = z.infer<typeof operatorAddRequestSchema>;

/** `PUT /users/{seller_id}/operators/{operator_id}`: the complete new set of permissions. */
export const operatorUpdateRequestSchema = z.strictObject({ permissions: permissionListSchema });
export type OperatorUpdateRequest = z.infer<typeof operatorUpdateRequestSchema>;

/** `GET /users/me/operated_accounts`: the accounts the caller operates, with its rights on each. */
export const operatedAccountSchema = z.object({
  user_id: numericIdSchema,
  nickname: z.string(),
  site_id: z.string(),
  permissions: z.array(operatorPermissionSchema),
});
export type OperatedAccount = z.infer<typeof operatedAccountSchema>;
export const operatedAccountListSchema = z.object({ accounts: z.array(operatedAccountSchema) });

/** `GET /users/{seller_id}/personal_data_access_log`: who read whose personal data under the account. */
export const personalDataAccessSchema = z.object({
  accessed_at: isoDateTimeSchema,
  /** The account under whose name the data was read. */
  account_id: numericIdSchema,
  /** The team member who read it, or null when the account's own token did. */
  operator: z.object({ id: numericIdSchema, nickname: z.string().nullable() }).nullable(),
  subject: z.object({ id: numericIdSchema, nickname: z.string().nullable() }),
  application_id: numericIdSchema,
  resource: z.string(),
  fields: z.array(z.string()),
});
export type PersonalDataAccess = z.infer<typeof personalDataAccessSchema>;
export const personalDataAccessPageSchema = z.object({
  results: z.array(personalDataAccessSchema),
  paging: pagingSchema,
});
export type PersonalDataAccessPage = z.infer<typeof personalDataAccessPageSchema>;

const integerText = (min: number, max: number) =>
  z
    .string()
    .regex(/^(0|[1-9]\d*)$/, { error: 'expected a non-negative integer', abort: true })
    .refine((v) => Number(v) >= min && Number(v) <= max, `expected an integer from ${min} to ${max}`)
    .transform(Number);

export const personalDataAccessParamsSchema = z.strictObject({
  offset: integerText(0, 10_000).default(0),
  limit: integerText(1, 100).default(50),
  ...commonQueryShape,
});

/** The dashboard's `/team` address: the access log page (its offset). */
export const teamViewSchema = z.object({
  log: z.coerce.number().int().min(0).max(10_000).default(0).catch(0),
});
export type TeamView = z.infer<typeof teamViewSchema>;
