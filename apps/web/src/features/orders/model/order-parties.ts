import type { OrderParty, PartialOrder } from '@mostrador/contracts';

type Party = PartialOrder['buyer'];

/** Whether the order names this party (a 206 answer may leave it empty). */
export const isParty = (party: Party): party is OrderParty => 'id' in party;

/** Whether the account is the order's seller (then the buyer is the other side, and blocking is offered). */
export const isSellerOf = (order: Pick<PartialOrder, 'seller'>, accountId: number): boolean =>
  isParty(order.seller) && Number(order.seller.id) === accountId;

/** A party's full name and phone as shown, each null when the answer does not have it (or withholds it). */
export function partyContact(party: OrderParty): { name: string | null; phone: string | null } {
  const name = [party.first_name, party.last_name].filter(Boolean).join(' ');
  const phone = party.phone?.number
    ? `${party.phone.area_code ? `(${party.phone.area_code}) ` : ''}${party.phone.number}`
    : null;
  return { name: name || null, phone };
}
