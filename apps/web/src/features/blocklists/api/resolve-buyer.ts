import { orderSearchEnvelopeSchema, partialUserPublicSchema, siteSearchSchema } from '@mostrador/contracts';
import { ApiClientError, request } from '../../../lib/api-client.ts';

export interface ResolvedBuyer {
  id: number;
  nickname: string;
}

export type ResolveFailure = 'not_found' | 'yourself';

/**
 * A buyer from what support typed: a user id, or a nickname (decision 0070). The marketplace has no user lookup by
 * nickname, so a nickname is found among the seller's own buyers (order search `q` matches the counterpart's
 * nickname) and, failing that, among the site's sellers (`/sites/{site}/search?nickname=`). Matches are exact,
 * ignoring case; anything else is "not found" rather than a guess.
 */
export async function resolveBuyer(
  input: string,
  seller: { id: number; siteId: string | null },
): Promise<ResolvedBuyer | ResolveFailure> {
  const text = input.trim().replace(/^@/, '');
  if (/^[1-9]\d{0,15}$/.test(text)) {
    const id = Number(text);
    if (id === seller.id) return 'yourself';
    try {
      const user = await request(`/api/users/${id}`, partialUserPublicSchema);
      return { id: user.id, nickname: user.nickname };
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 404) return 'not_found';
      throw error;
    }
  }
  if (!/^[^\p{C}]{1,64}$/u.test(text)) return 'not_found';
  const wanted = text.toLowerCase();

  const orders = await request(
    `/api/orders/search?${new URLSearchParams({ seller: String(seller.id), q: text, limit: '50' })}`,
    orderSearchEnvelopeSchema,
  );
  const buyer = orders.results.map((order) => order.buyer).find((b) => b.nickname?.toLowerCase() === wanted);
  if (buyer?.nickname)
    return buyer.id === seller.id ? 'yourself' : { id: buyer.id, nickname: buyer.nickname };

  if (seller.siteId) {
    const search = await request(
      `/api/sites/${seller.siteId}/search?${new URLSearchParams({ nickname: text, limit: '1' })}`,
      siteSearchSchema,
    );
    if (search.seller) {
      if (search.seller.id === seller.id) return 'yourself';
      const user = await request(`/api/users/${search.seller.id}`, partialUserPublicSchema);
      if (user.nickname.toLowerCase() === wanted) return { id: user.id, nickname: user.nickname };
    }
  }
  return 'not_found';
}
