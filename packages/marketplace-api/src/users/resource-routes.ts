import {
  acceptedPaymentMethodsSchema,
  applicationRevocationSchema,
  applicationSchema,
  availableListingTypesSchema,
  categoryIdSchema,
  listingTypeAvailabilitySchema,
  packAvailabilitySchema,
  promotionPackRequestSchema,
  promotionPackSchema,
  promotionPacksSchema,
  userBrandsSchema,
} from '@mostrador/contracts';
import {
  FREE_LISTING_LIMIT,
  LISTING_TYPES,
  type ListingTypeDefinition,
  PROMOTION_PACKS,
  siteDomain,
} from '../domain/listings.ts';
import type { Clock } from '../domain/time.ts';
import { isoAt, isoOrNull } from '../domain/time.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { requireCaller } from '../http/env.ts';
import { json } from '../http/json-answer.ts';
import { jsonBody } from '../http/json-body.ts';
import { defineResource } from '../http/resources.ts';
import { parseApplicationId, parseUserId, requireSelf } from '../http/user-params.ts';
import type { AccountRepository, ListingDetail, PromotionPackRow } from './account-repository.ts';
import { findUser } from './routes.ts';
import type { UserRecord, UserRepository } from './user-repository.ts';

/** What a user's other resources need. */
export interface UserResourceDeps {
  accounts: AccountRepository;
  clock: Clock;
  users: UserRepository;
}

const DAY = 86_400_000;

interface Availability {
  available: boolean;
  cause: string | null;
  code: string | null;
  mapping: string;
  remaining_listings: number | null;
}

/** Remaining listings of one type across the live packs, optionally of one category. */
function packRemaining(packs: PromotionPackRow[], typeId: string, now: number, categoryId?: string): number {
  let remaining = 0;
  for (const p of packs) {
    if (p.status !== 'active' || Number(p.date_expires) <= now) continue;
    if (categoryId !== undefined && p.category_id !== categoryId) continue;
    for (const d of JSON.parse(p.listing_details) as ListingDetail[]) {
      if (d.listing_type_id === typeId) remaining += Math.max(0, d.available_listings - d.used_listings);
    }
  }
  return remaining;
}

function renderPack(p: PromotionPackRow, offset: number, now: number) {
  const details = (JSON.parse(p.listing_details) as ListingDetail[]).map((d) => ({
    ...d,
    remaining_listings: Math.max(0, d.available_listings - d.used_listings),
  }));
  const expired = p.status === 'active' && Number(p.date_expires) <= now;
  return {
    id: p.id,
    user_id: String(p.user_id),
    promotion_pack_id: p.promotion_pack_id,
    category_id: p.category_id,
    description: p.description,
    package_type: p.package_type,
    status: expired ? 'finished' : p.status,
    date_created: isoAt(Number(p.date_created), offset),
    date_start: isoAt(Number(p.date_start), offset),
    date_expires: isoAt(Number(p.date_expires), offset),
    date_stopped: isoOrNull(p.date_stopped === null ? null : Number(p.date_stopped), offset),
    last_updated: isoAt(Number(p.last_updated), offset),
    engagement_type: p.engagement_type,
    charge_id: p.charge_id === null ? null : Number(p.charge_id),
    remaining_listings: details.reduce((n, d) => n + d.remaining_listings, 0),
    used_listings: details.reduce((n, d) => n + d.used_listings, 0),
    listing_details: details,
  };
}

/** A category the operation cannot do without: absent is 400 naming the parameter. */
const requiredCategory = async (
  deps: UserResourceDeps,
  user: UserRecord,
  raw: string | undefined,
  name: string,
) => {
  if (raw === undefined) {
    throw badRequest(`${name} is required`, [{ code: `missing_${name}`, message: `${name} is required` }]);
  }
  return (await checkCategory(deps, user, raw, name))!;
};

/** A category of the user's site that exists; anything else is refused before it reaches a query. */
const checkCategory = async (
  deps: UserResourceDeps,
  user: UserRecord,
  raw: string | undefined,
  name: string,
) => {
  if (raw === undefined) return undefined;
  const parsed = categoryIdSchema.safeParse(raw);
  if (!parsed.success || !raw.startsWith(user.siteId)) {
    throw badRequest(`${name} must be a category of ${user.siteId}`, [
      {
        code: `invalid_${name}`,
        message: `${name}=${raw.slice(0, 20)} is not a category id of ${user.siteId}`,
      },
    ]);
  }
  if (!(await deps.accounts.categoryExists(raw))) {
    throw new ApiError('not_found', { message: `Category ${raw} not found` });
  }
  return raw;
};

const listingType = (id: string): ListingTypeDefinition => {
  const def = LISTING_TYPES.find((t) => t.id === id);
  if (!def) throw new ApiError('not_found', { message: `Listing type ${id.slice(0, 30)} not found` });
  return def;
};

async function availability(
  deps: UserResourceDeps,
  user: UserRecord,
  def: ListingTypeDefinition,
  packs: PromotionPackRow[],
  categoryId?: string,
): Promise<Availability> {
  const now = deps.clock().getTime();
  if (def.needsPack) {
    const remaining = packRemaining(packs, def.id, now, categoryId);
    return remaining > 0
      ? { available: true, cause: null, code: null, mapping: def.id, remaining_listings: remaining }
      : {
          available: false,
          cause: 'You have no promotion pack with listings of this type for this category.',
          code: 'listing.pack.not_available',
          mapping: def.id,
          remaining_listings: 0,
        };
  }
  if (def.id === 'free') {
    const remaining = Math.max(0, FREE_LISTING_LIMIT - (await deps.accounts.listingCount(user.id, 'free')));
    return remaining > 0
      ? { available: true, cause: null, code: null, mapping: def.id, remaining_listings: remaining }
      : {
          available: false,
          cause: `You have reached the limit of ${FREE_LISTING_LIMIT} free listings.`,
          code: 'listing.free.limit_reached',
          mapping: def.id,
          remaining_listings: 0,
        };
  }
  return { available: true, cause: null, code: null, mapping: def.id, remaining_listings: null };
}

const listed = (user: UserRecord, def: ListingTypeDefinition, a: Availability) => ({
  site_id: user.siteId,
  id: def.id,
  name: def.names[user.siteId === 'MLB' ? 'pt' : 'es'],
  remaining_listings: a.remaining_listings,
  mapping: a.mapping,
});

const own = 'Own token only.';

export const acceptedPaymentMethods = defineResource({
  path: '/users/{user_id}/accepted_payment_methods',
  name: 'Accepted payment methods',
  description: 'Payment methods the seller accepts (those of its site).',
  attributes: {
    id: 'Method id.',
    name: 'Name.',
    payment_type_id: 'credit_card, ticket, …',
    thumbnail: 'Logo.',
  },
  related_resources: ['/users/{user_id}'],
  connections: { user: '/users/{user_id}' },
  methods: {
    GET: {
      example: '/users/123456789/accepted_payment_methods',
      description: 'List the methods.',
      response: acceptedPaymentMethodsSchema,
      auth: 'optional',
      async handle(c, deps: UserResourceDeps) {
        const user = await findUser(deps, parseUserId(c.req.param('user_id')));
        const methods = await deps.accounts.paymentMethods(user.siteId);
        return json(
          c,
          methods.map((m) => ({
            ...m,
            thumbnail: `http://img.mlstatic.com/org-img/MP3/API/logos/${m.id}.gif`,
            secure_thumbnail: `https://www.mercadopago.com/org-img/MP3/API/logos/${m.id}.gif`,
          })),
        );
      },
    },
  },
});

export const application = defineResource({
  path: '/applications/{application_id}',
  name: 'Application',
  description: 'An application registered on the platform; callback_url only for its owner.',
  attributes: {
    id: 'Application id.',
    name: 'Name.',
    owner_id: 'Owner user.',
    callback_url: 'Owner only.',
  },
  related_resources: ['/users/{user_id}/applications/{application_id}'],
  connections: { revoke: '/users/{user_id}/applications/{application_id}' },
  methods: {
    GET: {
      example: '/applications/5503910054141466',
      description: 'Read an application.',
      response: applicationSchema,
      auth: 'required',
      async handle(c, deps: UserResourceDeps) {
        const caller = requireCaller(c.get('caller'));
        const id = parseApplicationId(c.req.param('application_id'));
        const application = await deps.accounts.application(id);
        if (!application) throw new ApiError('not_found', { message: 'Application not found' });
        const siteId = application.siteId ?? 'MLA';
        const shortName = application.name
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '');
        return json(c, {
          id: application.id,
          site_id: siteId,
          name: application.name,
          description: application.name,
          thumbnail: null,
          owner_id: application.ownerUserId,
          catalog_product_id: null,
          item_id: null,
          price: null,
          currency_id: null,
          need_authorization: true,
          short_name: shortName,
          url: `https://apps.${siteDomain(siteId)}/${shortName}`,
          callback_url: caller.userId === application.ownerUserId ? application.callbackUrl : null,
          sandbox_mode: false,
          is_public: true,
          project_id: null,
          active: application.active,
          max_requests_per_hour: 18_000,
          scopes: ['offline_access', 'read', 'write'],
          domains: [],
        });
      },
    },
  },
});

export const applicationGrant = defineResource({
  path: '/users/{user_id}/applications/{application_id}',
  name: 'Application grant',
  description:
    'The permission a user gave an application. Deleting it stops that application’s tokens at once.',
  attributes: { revoked: 'true.', revoked_tokens: 'How many live tokens were revoked.' },
  related_resources: ['/applications/{application_id}'],
  connections: { application: '/applications/{application_id}' },
  methods: {
    DELETE: {
      example: '/users/123456789/applications/5503910054141466',
      description: `Revoke the application's permissions. ${own}`,
      response: applicationRevocationSchema,
      auth: 'required',
      async handle(c, deps: UserResourceDeps) {
        const userId = parseUserId(c.req.param('user_id'));
        const applicationId = parseApplicationId(c.req.param('application_id'));
        requireSelf(c.get('caller'), userId);
        if (!(await deps.accounts.application(applicationId))) {
          throw new ApiError('not_found', { message: 'Application not found' });
        }
        const revoked = await deps.accounts.revokeApplication(userId, applicationId, deps.clock().getTime());
        return json(c, {
          user_id: userId,
          application_id: applicationId,
          revoked: true,
          revoked_tokens: revoked,
        });
      },
    },
  },
});

export const userBrands = defineResource({
  path: '/users/{user_id}/brands',
  name: 'User brands',
  description: 'Brands (official stores) of the user; official_store_id identifies a store.',
  attributes: { cust_id: 'User id.', brands: 'Brands with official_store_id.' },
  related_resources: ['/users/{user_id}'],
  connections: { user: '/users/{user_id}' },
  methods: {
    GET: {
      example: '/users/123456789/brands',
      description: 'List the brands.',
      response: userBrandsSchema,
      auth: 'optional',
      async handle(c, deps: UserResourceDeps) {
        const user = await findUser(deps, parseUserId(c.req.param('user_id')));
        const brands = await deps.accounts.brands(user.id);
        return json(c, {
          cust_id: user.id,
          site_id: user.siteId,
          user_type: user.userType,
          tags: user.tags,
          brands: brands.map((b) => ({
            official_store_id: b.officialStoreId,
            name: b.name,
            fantasy_name: b.fantasyName,
            site_id: b.siteId,
            status: b.status,
            tags: b.tags,
            categories_ids: b.categoriesIds,
            pictures: [
              {
                id: b.officialStoreId * 10,
                name: 'big_logo',
                url: b.logoUrl,
                secure_url: b.logoUrl,
                size: '174x164',
              },
            ],
            relevance_position: b.relevancePosition,
          })),
        });
      },
    },
  },
});

export const promotionPacks = defineResource({
  path: '/users/{user_id}/classifieds_promotion_packs',
  name: 'Promotion packs',
  description: `Classified promotion packs of the user. ${own}`,
  attributes: { id: 'Pack id.', listing_details: 'Listings per listing type.' },
  related_resources: ['/users/{user_id}/classifieds_promotion_packs/{listing_type}'],
  connections: { availability: '/users/{user_id}/classifieds_promotion_packs/{listing_type}' },
  methods: {
    GET: {
      example: '/users/123456789/classifieds_promotion_packs',
      description: 'List the packs, newest first.',
      response: promotionPacksSchema,
      auth: 'required',
      async handle(c, deps: UserResourceDeps) {
        const id = parseUserId(c.req.param('user_id'));
        requireSelf(c.get('caller'), id);
        const user = await findUser(deps, id);
        const now = deps.clock().getTime();
        const packs = await deps.accounts.packs(id);
        return json(
          c,
          packs.map((p) => renderPack(p, user.utcOffsetMinutes, now)),
        );
      },
    },
    POST: {
      example: '/users/123456789/classifieds_promotion_packs',
      description: 'Associate a pack: {categ_id, promotion_pack_id, engagement_type: none, status: active}.',
      body: promotionPackRequestSchema,
      response: promotionPackSchema,
      status: 201,
      auth: 'required',
      async handle(c, deps: UserResourceDeps) {
        const id = parseUserId(c.req.param('user_id'));
        requireSelf(c.get('caller'), id);
        const user = await findUser(deps, id);
        const body = await jsonBody(c, promotionPackRequestSchema);
        const categoryId = (await checkCategory(deps, user, body.categ_id, 'categ_id'))!;
        const def = PROMOTION_PACKS.find((p) => p.id === body.promotion_pack_id);
        if (!def)
          throw new ApiError('not_found', { message: `Promotion pack ${body.promotion_pack_id} not found` });
        const now = deps.clock().getTime();
        const pack = await deps.accounts.addPack({
          user_id: id,
          promotion_pack_id: def.id,
          category_id: categoryId,
          description: def.description,
          package_type: def.package_type,
          status: body.status,
          engagement_type: body.engagement_type,
          charge_id: null,
          date_created: now,
          date_start: now,
          date_expires: now + def.days * DAY,
          date_stopped: null,
          last_updated: now,
          listing_details: JSON.stringify([
            { listing_type_id: def.listing_type_id, available_listings: def.listings, used_listings: 0 },
          ]),
        });
        return json(c, renderPack(pack, user.utcOffsetMinutes, now), 201);
      },
    },
  },
});

export const promotionPackAvailability = defineResource({
  path: '/users/{user_id}/classifieds_promotion_packs/{listing_type}',
  name: 'Promotion pack availability',
  description: `Whether the user's packs still hold listings of a type for a category. ${own}`,
  attributes: { has_available_listings: 'boolean.' },
  related_resources: ['/users/{user_id}/classifieds_promotion_packs'],
  connections: { packs: '/users/{user_id}/classifieds_promotion_packs' },
  methods: {
    GET: {
      example: '/users/123456789/classifieds_promotion_packs/silver?categoryId=MLA1459',
      description: 'Check availability.',
      query: { categoryId: 'Required: category id.' },
      response: packAvailabilitySchema,
      auth: 'required',
      async handle(c, deps: UserResourceDeps) {
        const id = parseUserId(c.req.param('user_id'));
        requireSelf(c.get('caller'), id);
        const user = await findUser(deps, id);
        const def = listingType(c.req.param('listing_type'));
        const categoryId = await requiredCategory(deps, user, c.req.query('categoryId'), 'categoryId');
        const packs = await deps.accounts.packs(id);
        return json(c, {
          has_available_listings: packRemaining(packs, def.id, deps.clock().getTime(), categoryId) > 0,
        });
      },
    },
  },
});

export const availableListingTypes = defineResource({
  path: '/users/{user_id}/available_listing_types',
  name: 'Available listing types',
  description: `Listing types the user can publish with, optionally for one category. ${own}`,
  attributes: { available: 'Listing types.', exceptions_by_category: 'Pack types per category.' },
  related_resources: ['/users/{user_id}/available_listing_type/{listing_type_id}'],
  connections: { one: '/users/{user_id}/available_listing_type/{listing_type_id}' },
  methods: {
    GET: {
      example: '/users/123456789/available_listing_types?category_id=MLA1055',
      description: 'List the available types.',
      query: { category_id: 'Category id.' },
      response: availableListingTypesSchema,
      auth: 'required',
      async handle(c, deps: UserResourceDeps) {
        const id = parseUserId(c.req.param('user_id'));
        requireSelf(c.get('caller'), id);
        const user = await findUser(deps, id);
        const categoryId = await checkCategory(deps, user, c.req.query('category_id'), 'category_id');
        const packs = await deps.accounts.packs(id);
        const available = [];
        for (const def of LISTING_TYPES) {
          if (def.needsPack && categoryId === undefined) continue;
          const a = await availability(deps, user, def, packs, categoryId);
          if (a.available) available.push(listed(user, def, a));
        }
        // Without a category, pack-only types show per category, as the platform's exceptions do.
        const exceptions = [];
        if (categoryId === undefined) {
          const now = deps.clock().getTime();
          const categories = [...new Set(packs.map((p) => p.category_id))].sort();
          for (const category of categories) {
            const inCategory = [];
            for (const def of LISTING_TYPES.filter((t) => t.needsPack)) {
              const remaining = packRemaining(packs, def.id, now, category);
              if (remaining > 0) {
                inCategory.push(
                  listed(user, def, {
                    available: true,
                    cause: null,
                    code: null,
                    mapping: def.id,
                    remaining_listings: remaining,
                  }),
                );
              }
            }
            if (inCategory.length > 0) exceptions.push({ category_id: category, available: inCategory });
          }
        }
        return json(c, { available, exceptions_by_category: exceptions });
      },
    },
  },
});

export const listingTypeAvailability = defineResource({
  path: '/users/{user_id}/available_listing_type/{listing_type_id}',
  name: 'Listing type availability',
  description: `Whether the user can publish with one listing type in a category, and why not. ${own}`,
  attributes: { available: 'boolean.', cause: 'Why not.', code: 'Machine code of the cause.' },
  related_resources: ['/users/{user_id}/available_listing_types'],
  connections: { all: '/users/{user_id}/available_listing_types' },
  methods: {
    GET: {
      example: '/users/123456789/available_listing_type/gold_special?category_id=MLA1055',
      description: 'Check one listing type.',
      query: { category_id: 'Required: category id.' },
      response: listingTypeAvailabilitySchema,
      auth: 'required',
      async handle(c, deps: UserResourceDeps) {
        const id = parseUserId(c.req.param('user_id'));
        requireSelf(c.get('caller'), id);
        const user = await findUser(deps, id);
        const def = listingType(c.req.param('listing_type_id'));
        const categoryId = await requiredCategory(deps, user, c.req.query('category_id'), 'category_id');
        return json(c, await availability(deps, user, def, await deps.accounts.packs(id), categoryId));
      },
    },
  },
});
