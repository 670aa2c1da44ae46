/**
 * @mostrador/contracts: zod schemas and inferred types of every resource and error code of the marketplace API
 * (shared/spec/marketplace-api.md). The API's tests, the BFF and the SPA parse every body crossing a boundary with
 * these. Where recorded platform responses disagree with the spec, the spec wins: see
 * docs/decisions/0002-fixtures-versus-spec.md.
 */
export * from './block-notes.ts';
export * from './blocklists.ts';
export * from './clock.ts';
export * from './common.ts';
export * from './currencies.ts';
export * from './delivery.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './feedback.ts';
export * from './languages.ts';
export * from './location-search.ts';
export * from './locations.ts';
export * from './notifications.ts';
export * from './oauth.ts';
export * from './options.ts';
export * from './order-lifecycle.ts';
export * from './order-notes.ts';
export * from './order-search-params.ts';
export * from './orders.ts';
export * from './paging.ts';
export * from './printable-text.ts';
export * from './reviews.ts';
export * from './reviews-view.ts';
export * from './saved-views.ts';
export * from './seller-day.ts';
export * from './seller-proceeds.ts';
export * from './session.ts';
export * from './shipments.ts';
export * from './site-search.ts';
export * from './team.ts';
export * from './user-resources.ts';
export * from './users.ts';
