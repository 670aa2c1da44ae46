import type { ShipmentDelivery } from '@mostrador/contracts';

/** A shipment's delivery for tests: a seller's own delivery not recorded yet, with the given changes. */
export const deliveryOf = (over: Partial<ShipmentDelivery> = {}): ShipmentDelivery => ({
  state: 'not_platform_shipping',
  platform_shipping: false,
  evidence: null,
  case: 'own_without_evidence',
  ...over,
});
