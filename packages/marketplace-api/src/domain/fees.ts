/**
 * The platform's fees (docs/decisions/0133-fees.md). As in the recorded orders, an order line's `sale_fee` is the fee
 * on ONE unit, and a payment's `marketplace_fee` is the fee on what it pays for: `sale_fee × quantity` summed over the
 * lines for a payment of the whole order, in proportion for a part of it.
 */
const SALE_FEE_RATE = 0.13;

/** The fee on one unit sold at `unitPriceMinor`. */
export function saleFeeMinor(unitPriceMinor: number): number {
  return Math.round(unitPriceMinor * SALE_FEE_RATE);
}

/** The fee of a payment of `amountMinor` towards an order whose lines are `lines` and which owes `dueMinor`. */
export function marketplaceFeeMinor(
  lines: readonly { saleFeeMinor: number; quantity: number }[],
  amountMinor: number,
  dueMinor: number,
): number {
  const orderFee = lines.reduce((sum, l) => sum + l.saleFeeMinor * l.quantity, 0);
  return amountMinor >= dueMinor ? orderFee : Math.round((orderFee * amountMinor) / dueMinor);
}
