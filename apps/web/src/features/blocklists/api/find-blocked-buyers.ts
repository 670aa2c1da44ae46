import { type BlockList, orderSearchEnvelopeSchema } from '@mostrador/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { buyerQueryOptions } from './get-buyer.ts';
import type { ResolvedBuyer } from './resolve-buyer.ts';
import { searchBlockedBuyers } from './search-blocked-buyers.ts';

/** Blocks whose nicknames are read to match a part of one: a list longer than this is also searched by orders. */
const BLOCKS_READ = 100;
/** Buyers of the seller's orders checked against the list, past the blocks read. */
const MAX_CANDIDATES = 10;

export interface BlockedBuyerSearch {
  seller: { id: number; callerId: number };
  list: BlockList;
  /** Nicknames come through the same cache as the list's rows. */
  queryClient: QueryClient;
}

/**
 * The blocked buyers of one list that what was typed names: an id, or a nickname or part of one, matched as the
 * order search matches it (`sampa` finds COMPRADORA_SAMPA, ignoring case). The block search knows buyers by id only:
 * the nicknames of the list's blocks are read (as the list shows them), and for a list longer than that, the
 * buyers of the seller's orders matching the text (order search `q`) are looked up on the list. A whole nickname
 * wins over the ones it is part of.
 */
export async function findBlockedBuyers(
  typed: string,
  { seller, list, queryClient }: BlockedBuyerSearch,
): Promise<ResolvedBuyer[]> {
  const text = typed.trim().replace(/^@/, '');
  const block = (buyerId: number, limit: number) =>
    searchBlockedBuyers({ sellerId: seller.id, callerId: seller.callerId, list, offset: 0, buyerId, limit });
  if (/^[1-9]\d{0,15}$/.test(text)) {
    const page = await block(Number(text), 1);
    return page.paging.total > 0 ? [{ id: Number(text), nickname: text }] : [];
  }
  if (!/^[^\p{C}]{1,64}$/u.test(text)) return [];
  const wanted = text.toLowerCase();
  const matching = (buyer: ResolvedBuyer) => buyer.nickname.toLowerCase().includes(wanted);

  const page = await searchBlockedBuyers({
    sellerId: seller.id,
    callerId: seller.callerId,
    list,
    offset: 0,
    limit: BLOCKS_READ,
  });
  const named = await Promise.all(
    page.users.map(async ({ id }) => {
      const user = await queryClient.fetchQuery(buyerQueryOptions(id)).catch(() => null);
      return user ? { id, nickname: user.nickname } : null;
    }),
  );
  const found = new Map<number, ResolvedBuyer>();
  for (const buyer of named) if (buyer && matching(buyer)) found.set(buyer.id, buyer);

  if (page.paging.total > page.users.length) {
    const orders = await request(
      `/api/orders/search?${new URLSearchParams({ seller: String(seller.id), q: text, limit: '50' })}`,
      orderSearchEnvelopeSchema,
    );
    const candidates = new Map<number, ResolvedBuyer>();
    for (const { buyer } of orders.results) {
      const candidate = { id: buyer.id, nickname: buyer.nickname ?? '' };
      if (!found.has(buyer.id) && buyer.id !== seller.id && matching(candidate))
        candidates.set(buyer.id, candidate);
    }
    const checked = [...candidates.values()].slice(0, MAX_CANDIDATES);
    const blocked = await Promise.all(
      checked.map(async (buyer) => (await block(buyer.id, 1)).paging.total > 0),
    );
    checked.forEach((buyer, index) => {
      if (blocked[index]) found.set(buyer.id, buyer);
    });
  }
  const buyers = [...found.values()].sort((a, b) => a.nickname.localeCompare(b.nickname));
  const exact = buyers.find((buyer) => buyer.nickname.toLowerCase() === wanted);
  return exact ? [exact] : buyers;
}
