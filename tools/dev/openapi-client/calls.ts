import createClient from 'openapi-fetch';
// Generated from the live document by `client.test.ts`, next to a copy of this file; never kept in the repository.
import type { paths } from './schema.ts';
import type { Called, Party, World } from './world.ts';

/**
 * Every operation of the OpenAPI document, called through a client generated from it (openapi-typescript types,
 * openapi-fetch calls): typed paths, parameters and bodies, no casts. Each call is recorded with its status for the
 * test to compare with the document's operations. The order matters where one call needs what another made.
 */
export async function callEveryOperation(world: World): Promise<Called[]> {
  const called: Called[] = [];
  const record = <A extends { response: Response }>(operation: string, answer: A): A => {
    called.push({ operation, status: answer.response.status });
    return answer;
  };
  const as = (party?: Party) =>
    createClient<paths, 'application/json'>({
      baseUrl: world.baseUrl,
      headers: party ? { authorization: `Bearer ${party.token}` } : {},
    });
  const anyone = as();
  const seller = as(world.seller);
  const buyer = as(world.buyer);
  const { seller: s, buyer: b } = world;
  const order = { params: { path: { order_id: world.orderId } } };

  // Orders: both formats, the search, products and discounts.
  record(
    'GET /orders/search',
    await seller.GET('/orders/search', { params: { query: { seller: s.id, limit: 5 } } }),
  );
  record(
    'GET /orders/{order_id}',
    await seller.GET('/orders/{order_id}', {
      params: { ...order.params, header: { 'x-format-new': 'true' } },
    }),
  );
  record('GET /orders/{order_id}/product', await seller.GET('/orders/{order_id}/product', order));
  record('GET /orders/{order_id}/discounts', await seller.GET('/orders/{order_id}/discounts', order));
  record('GET /orders/{order_id}/feedback', await seller.GET('/orders/{order_id}/feedback', order));

  // The life cycle, on orders of the client's own.
  const create = async (item: string | undefined) => {
    const answer = record(
      'POST /orders',
      await buyer.POST('/orders', { body: { seller_id: s.id, items: [{ id: item ?? '', quantity: 1 }] } }),
    );
    const id = answer.data?.id;
    if (id === undefined) throw new Error(`POST /orders answered ${answer.response.status}`);
    return { params: { path: { order_id: id } } };
  };
  const paid = await create(world.itemIds[0]);
  record(
    'POST /orders/{order_id}/payments',
    await buyer.POST('/orders/{order_id}/payments', { ...paid, body: { status: 'approved' } }),
  );
  record('POST /orders/{order_id}/fraud_alert', await seller.POST('/orders/{order_id}/fraud_alert', paid));
  record('POST /orders/{order_id}/chargeback', await seller.POST('/orders/{order_id}/chargeback', paid));
  const cancelled = await create(world.itemIds[1]);
  record(
    'POST /orders/{order_id}/cancel',
    await seller.POST('/orders/{order_id}/cancel', { ...cancelled, body: { code: 'seller_out_of_stock' } }),
  );
  const invalid = await create(world.itemIds[2]);
  record('POST /orders/{order_id}/invalidate', await seller.POST('/orders/{order_id}/invalidate', invalid));
  const rated = await create(world.itemIds[3]);
  const feedback = record(
    'POST /orders/{order_id}/feedback',
    await buyer.POST('/orders/{order_id}/feedback', {
      ...rated,
      body: { fulfilled: true, rating: 'positive', message: 'Todo bien' },
    }),
  );
  const feedbackId = feedback.data?.id;
  if (feedbackId === undefined) throw new Error('the feedback has no id');
  record(
    'POST /feedback/{feedback_id}/reply',
    await seller.POST('/feedback/{feedback_id}/reply', {
      params: { path: { feedback_id: feedbackId } },
      body: { reply: 'Gracias' },
    }),
  );

  // Shipments.
  record(
    'GET /shipments/{shipping_id}',
    await seller.GET('/shipments/{shipping_id}', {
      params: { path: { shipping_id: world.shipmentId }, header: { 'x-format-new': 'true' } },
    }),
  );
  record(
    'POST /shipments/{shipping_id}/delivery',
    await as(world.readyShipment.seller).POST('/shipments/{shipping_id}/delivery', {
      params: { path: { shipping_id: world.readyShipment.id } },
      body: { state: 'label_printed' },
    }),
  );

  // Currencies.
  record('GET /currencies', await anyone.GET('/currencies'));
  record(
    'GET /currencies/{currency_id}',
    await anyone.GET('/currencies/{currency_id}', { params: { path: { currency_id: 'ARS' } } }),
  );
  record(
    'GET /currency_conversions/search',
    await anyone.GET('/currency_conversions/search', { params: { query: { from: 'ARS', to: 'USD' } } }),
  );

  // Users and their resources.
  const self = { params: { path: { user_id: s.id } } };
  record('GET /users/me', await seller.GET('/users/me'));
  record('GET /users/{user_id}', await anyone.GET('/users/{user_id}', self));
  record(
    'PUT /users/{user_id}',
    await seller.PUT('/users/{user_id}', { ...self, body: { first_name: 'Andrés' } }),
  );
  record(
    'PUT /users/{user_id}/immediate_payment',
    await seller.PUT('/users/{user_id}/immediate_payment', { ...self, body: { reason: 'by_user' } }),
  );
  record(
    'DELETE /users/{user_id}/immediate_payment/{reason}',
    await seller.DELETE('/users/{user_id}/immediate_payment/{reason}', {
      params: { path: { user_id: s.id, reason: 'by_user' } },
    }),
  );
  record('GET /users/{user_id}/addresses', await seller.GET('/users/{user_id}/addresses', self));
  record(
    'GET /users/{user_id}/accepted_payment_methods',
    await anyone.GET('/users/{user_id}/accepted_payment_methods', self),
  );
  record('GET /users/{user_id}/brands', await anyone.GET('/users/{user_id}/brands', self));
  const other = as(world.otherSeller);
  const packs = { params: { path: { user_id: world.otherSeller.id } } };
  record(
    'GET /users/{user_id}/classifieds_promotion_packs',
    await other.GET('/users/{user_id}/classifieds_promotion_packs', packs),
  );
  record(
    'POST /users/{user_id}/classifieds_promotion_packs',
    await other.POST('/users/{user_id}/classifieds_promotion_packs', {
      ...packs,
      body: { categ_id: 'MLB1459', promotion_pack_id: 'MPAB', engagement_type: 'none', status: 'active' },
    }),
  );
  record(
    'GET /users/{user_id}/classifieds_promotion_packs/{listing_type}',
    await other.GET('/users/{user_id}/classifieds_promotion_packs/{listing_type}', {
      params: {
        path: { user_id: world.otherSeller.id, listing_type: 'silver' },
        query: { categoryId: 'MLB1459' },
      },
    }),
  );
  record(
    'GET /users/{user_id}/available_listing_types',
    await seller.GET('/users/{user_id}/available_listing_types', {
      params: { path: { user_id: s.id }, query: { category_id: 'MLA1055' } },
    }),
  );
  record(
    'GET /users/{user_id}/available_listing_type/{listing_type_id}',
    await seller.GET('/users/{user_id}/available_listing_type/{listing_type_id}', {
      params: { path: { user_id: s.id, listing_type_id: 'gold_special' }, query: { category_id: 'MLA1055' } },
    }),
  );

  // Blocklists and the block search.
  const list = { params: { path: { seller_id: s.id } } };
  const one = { params: { path: { seller_id: s.id, user_id: b.id } } };
  record(
    'POST /users/{seller_id}/order_blacklist',
    await seller.POST('/users/{seller_id}/order_blacklist', { ...list, body: { user_id: b.id } }),
  );
  record(
    'GET /users/{seller_id}/order_blacklist',
    await seller.GET('/users/{seller_id}/order_blacklist', list),
  );
  record(
    'DELETE /users/{seller_id}/order_blacklist/{user_id}',
    await seller.DELETE('/users/{seller_id}/order_blacklist/{user_id}', one),
  );
  record(
    'POST /users/{seller_id}/questions_blacklist',
    await seller.POST('/users/{seller_id}/questions_blacklist', { ...list, body: { user_id: b.id } }),
  );
  record(
    'GET /users/{seller_id}/questions_blacklist',
    await seller.GET('/users/{seller_id}/questions_blacklist', list),
  );
  record(
    'DELETE /users/{seller_id}/questions_blacklist/{user_id}',
    await seller.DELETE('/users/{seller_id}/questions_blacklist/{user_id}', one),
  );
  record(
    'GET /block-api/search/users/{user_id}',
    await seller.GET('/block-api/search/users/{user_id}', {
      params: { path: { user_id: s.id }, query: { type: 'blocked_by_order', 'caller.id': String(s.id) } },
    }),
  );

  // The team and its access log.
  const member = { params: { path: { seller_id: s.id, operator_id: b.id } } };
  record('GET /users/{seller_id}/operators', await seller.GET('/users/{seller_id}/operators', list));
  record(
    'POST /users/{seller_id}/operators',
    await seller.POST('/users/{seller_id}/operators', {
      ...list,
      body: { user_id: b.id, permissions: ['orders.read'] },
    }),
  );
  record('GET /users/me/operated_accounts', await buyer.GET('/users/me/operated_accounts'));
  record(
    'PUT /users/{seller_id}/operators/{operator_id}',
    await seller.PUT('/users/{seller_id}/operators/{operator_id}', {
      ...member,
      body: { permissions: ['orders.read', 'blocklists.manage'] },
    }),
  );
  record(
    'DELETE /users/{seller_id}/operators/{operator_id}',
    await seller.DELETE('/users/{seller_id}/operators/{operator_id}', member),
  );
  record(
    'GET /users/{seller_id}/personal_data_access_log',
    await seller.GET('/users/{seller_id}/personal_data_access_log', {
      params: { ...list.params, query: { limit: 5 } },
    }),
  );

  // Applications and notifications.
  const owner = as(world.owner);
  const application = { params: { path: { application_id: world.applicationId } } };
  record(
    'GET /applications/{application_id}',
    await owner.GET('/applications/{application_id}', application),
  );
  record(
    'GET /myfeeds',
    await owner.GET('/myfeeds', { params: { query: { app_id: world.applicationId, limit: 5 } } }),
  );
  record(
    'POST /applications/{application_id}/notifications/reactivate',
    await owner.POST('/applications/{application_id}/notifications/reactivate', application),
  );

  // Public resources: site search, locations, reviews, the document itself.
  record(
    'GET /sites/{site_id}/search',
    await anyone.GET('/sites/{site_id}/search', {
      params: { path: { site_id: 'MLA' }, query: { nickname: 'TIENDA_PALERMO' } },
    }),
  );
  const countries = record(
    'GET /classified_locations/countries',
    await anyone.GET('/classified_locations/countries'),
  );
  const country = record(
    'GET /classified_locations/countries/{country_id}',
    await anyone.GET('/classified_locations/countries/{country_id}', {
      params: { path: { country_id: countries.data?.[0]?.id ?? 'AR' } },
    }),
  );
  const state = record(
    'GET /classified_locations/states/{state_id}',
    await anyone.GET('/classified_locations/states/{state_id}', {
      params: { path: { state_id: country.data?.states?.find((one) => one.id === world.stateId)?.id ?? '' } },
    }),
  );
  const city = record(
    'GET /classified_locations/cities/{city_id}',
    await anyone.GET('/classified_locations/cities/{city_id}', {
      params: { path: { city_id: state.data?.cities?.[0]?.id ?? '' } },
    }),
  );
  const neighborhoods = city.data && 'neighborhoods' in city.data ? city.data.neighborhoods : undefined;
  record(
    'GET /classified_locations/neighborhoods/{neighborhood_id}',
    await anyone.GET('/classified_locations/neighborhoods/{neighborhood_id}', {
      params: { path: { neighborhood_id: neighborhoods?.[0]?.id ?? '' } },
    }),
  );
  record(
    'GET /reviews/item/{item_id}',
    await anyone.GET('/reviews/item/{item_id}', {
      params: { path: { item_id: world.reviewedItemId }, query: { limit: 3 } },
    }),
  );
  record('GET /openapi.json', await anyone.GET('/openapi.json'));

  // The authorization server: its page and stylesheet; its form and token endpoint take forms the document does not
  // type, so the client calls them bare and gets their refusals.
  record(
    'GET /authorization',
    await anyone.GET('/authorization', {
      params: {
        query: {
          response_type: 'code',
          client_id: String(world.applicationId),
          redirect_uri: world.authorization.redirectUri,
          code_challenge: world.authorization.codeChallenge,
          code_challenge_method: 'S256',
        },
      },
      parseAs: 'text',
    }),
  );
  record('GET /authorization.css', await anyone.GET('/authorization.css', { parseAs: 'text' }));
  record(
    'GET /authorization-font.woff2',
    await anyone.GET('/authorization-font.woff2', { parseAs: 'arrayBuffer' }),
  );
  record('POST /authorization', await anyone.POST('/authorization', { parseAs: 'text' }));
  record('POST /oauth/token', await anyone.POST('/oauth/token'));

  // Every path's description.
  const describe = async (template: string, answer: { response: Response }) =>
    record(`OPTIONS ${template}`, answer);
  await describe('/orders/search', await anyone.OPTIONS('/orders/search'));
  await describe('/orders/{order_id}', await anyone.OPTIONS('/orders/{order_id}', order));
  await describe('/orders/{order_id}/product', await anyone.OPTIONS('/orders/{order_id}/product', order));
  await describe('/orders/{order_id}/discounts', await anyone.OPTIONS('/orders/{order_id}/discounts', order));
  await describe('/orders/{order_id}/feedback', await anyone.OPTIONS('/orders/{order_id}/feedback', order));
  await describe('/orders', await anyone.OPTIONS('/orders'));
  await describe('/orders/{order_id}/payments', await anyone.OPTIONS('/orders/{order_id}/payments', order));
  await describe('/orders/{order_id}/cancel', await anyone.OPTIONS('/orders/{order_id}/cancel', order));
  await describe(
    '/orders/{order_id}/fraud_alert',
    await anyone.OPTIONS('/orders/{order_id}/fraud_alert', order),
  );
  await describe(
    '/orders/{order_id}/chargeback',
    await anyone.OPTIONS('/orders/{order_id}/chargeback', order),
  );
  await describe(
    '/orders/{order_id}/invalidate',
    await anyone.OPTIONS('/orders/{order_id}/invalidate', order),
  );
  await describe(
    '/feedback/{feedback_id}/reply',
    await anyone.OPTIONS('/feedback/{feedback_id}/reply', { params: { path: { feedback_id: feedbackId } } }),
  );
  const shipment = { params: { path: { shipping_id: world.shipmentId } } };
  await describe('/shipments/{shipping_id}', await anyone.OPTIONS('/shipments/{shipping_id}', shipment));
  await describe(
    '/shipments/{shipping_id}/delivery',
    await anyone.OPTIONS('/shipments/{shipping_id}/delivery', shipment),
  );
  await describe('/currencies', await anyone.OPTIONS('/currencies'));
  await describe(
    '/currencies/{currency_id}',
    await anyone.OPTIONS('/currencies/{currency_id}', { params: { path: { currency_id: 'ARS' } } }),
  );
  await describe('/currency_conversions/search', await anyone.OPTIONS('/currency_conversions/search'));
  await describe('/users/me', await anyone.OPTIONS('/users/me'));
  await describe('/users/me/operated_accounts', await anyone.OPTIONS('/users/me/operated_accounts'));
  await describe('/users/{user_id}', await anyone.OPTIONS('/users/{user_id}', self));
  await describe(
    '/users/{user_id}/immediate_payment',
    await anyone.OPTIONS('/users/{user_id}/immediate_payment', self),
  );
  await describe(
    '/users/{user_id}/immediate_payment/{reason}',
    await anyone.OPTIONS('/users/{user_id}/immediate_payment/{reason}', {
      params: { path: { user_id: s.id, reason: 'by_user' } },
    }),
  );
  await describe('/users/{user_id}/addresses', await anyone.OPTIONS('/users/{user_id}/addresses', self));
  await describe(
    '/users/{user_id}/accepted_payment_methods',
    await anyone.OPTIONS('/users/{user_id}/accepted_payment_methods', self),
  );
  await describe(
    '/users/{user_id}/applications/{application_id}',
    await anyone.OPTIONS('/users/{user_id}/applications/{application_id}', {
      params: { path: { user_id: s.id, application_id: world.applicationId } },
    }),
  );
  await describe('/users/{user_id}/brands', await anyone.OPTIONS('/users/{user_id}/brands', self));
  await describe(
    '/users/{user_id}/classifieds_promotion_packs',
    await anyone.OPTIONS('/users/{user_id}/classifieds_promotion_packs', self),
  );
  await describe(
    '/users/{user_id}/classifieds_promotion_packs/{listing_type}',
    await anyone.OPTIONS('/users/{user_id}/classifieds_promotion_packs/{listing_type}', {
      params: { path: { user_id: s.id, listing_type: 'silver' } },
    }),
  );
  await describe(
    '/users/{user_id}/available_listing_types',
    await anyone.OPTIONS('/users/{user_id}/available_listing_types', self),
  );
  await describe(
    '/users/{user_id}/available_listing_type/{listing_type_id}',
    await anyone.OPTIONS('/users/{user_id}/available_listing_type/{listing_type_id}', {
      params: { path: { user_id: s.id, listing_type_id: 'gold_special' } },
    }),
  );
  await describe(
    '/users/{seller_id}/order_blacklist',
    await anyone.OPTIONS('/users/{seller_id}/order_blacklist', list),
  );
  await describe(
    '/users/{seller_id}/order_blacklist/{user_id}',
    await anyone.OPTIONS('/users/{seller_id}/order_blacklist/{user_id}', one),
  );
  await describe(
    '/users/{seller_id}/questions_blacklist',
    await anyone.OPTIONS('/users/{seller_id}/questions_blacklist', list),
  );
  await describe(
    '/users/{seller_id}/questions_blacklist/{user_id}',
    await anyone.OPTIONS('/users/{seller_id}/questions_blacklist/{user_id}', one),
  );
  await describe('/users/{seller_id}/operators', await anyone.OPTIONS('/users/{seller_id}/operators', list));
  await describe(
    '/users/{seller_id}/operators/{operator_id}',
    await anyone.OPTIONS('/users/{seller_id}/operators/{operator_id}', member),
  );
  await describe(
    '/users/{seller_id}/personal_data_access_log',
    await anyone.OPTIONS('/users/{seller_id}/personal_data_access_log', list),
  );
  await describe(
    '/block-api/search/users/{user_id}',
    await anyone.OPTIONS('/block-api/search/users/{user_id}', self),
  );
  await describe(
    '/applications/{application_id}',
    await anyone.OPTIONS('/applications/{application_id}', application),
  );
  await describe(
    '/applications/{application_id}/notifications/reactivate',
    await anyone.OPTIONS('/applications/{application_id}/notifications/reactivate', application),
  );
  await describe(
    '/sites/{site_id}/search',
    await anyone.OPTIONS('/sites/{site_id}/search', { params: { path: { site_id: 'MLA' } } }),
  );
  await describe('/classified_locations/countries', await anyone.OPTIONS('/classified_locations/countries'));
  await describe(
    '/classified_locations/countries/{country_id}',
    await anyone.OPTIONS('/classified_locations/countries/{country_id}', {
      params: { path: { country_id: 'AR' } },
    }),
  );
  await describe(
    '/classified_locations/states/{state_id}',
    await anyone.OPTIONS('/classified_locations/states/{state_id}', { params: { path: { state_id: 'x' } } }),
  );
  await describe(
    '/classified_locations/cities/{city_id}',
    await anyone.OPTIONS('/classified_locations/cities/{city_id}', { params: { path: { city_id: 'x' } } }),
  );
  await describe(
    '/classified_locations/neighborhoods/{neighborhood_id}',
    await anyone.OPTIONS('/classified_locations/neighborhoods/{neighborhood_id}', {
      params: { path: { neighborhood_id: 'x' } },
    }),
  );
  await describe(
    '/reviews/item/{item_id}',
    await anyone.OPTIONS('/reviews/item/{item_id}', { params: { path: { item_id: world.reviewedItemId } } }),
  );
  await describe('/myfeeds', await anyone.OPTIONS('/myfeeds'));
  await describe('/openapi.json', await anyone.OPTIONS('/openapi.json'));
  await describe('/authorization', await anyone.OPTIONS('/authorization'));
  await describe('/authorization.css', await anyone.OPTIONS('/authorization.css'));
  await describe('/authorization-font.woff2', await anyone.OPTIONS('/authorization-font.woff2'));
  await describe('/oauth/token', await anyone.OPTIONS('/oauth/token'));

  // Last: revoking the application stops the user's tokens.
  const revoking = as(world.revoking);
  record(
    'DELETE /users/{user_id}/applications/{application_id}',
    await revoking.DELETE('/users/{user_id}/applications/{application_id}', {
      params: { path: { user_id: world.revoking.id, application_id: world.applicationId } },
    }),
  );
  return called;
}
