import { KNOWN_ORDER_TAGS, type OrderStatus } from '@mostrador/contracts';

// The platform's tags beyond the filterable ones that orders carry.
const NAMED_TAGS = [
  ...KNOWN_ORDER_TAGS,
  'pack_order',
  'no_shipping',
  'order_has_discount',
  'catalog',
] as const;

import { translate } from '../../../../lib/i18n/i18n.ts';

/** Status names, by code: `orderStatus.<status>` in every catalog. */
export const STATUS_LABELS: Record<OrderStatus, string> = new Proxy({} as Record<OrderStatus, string>, {
  get: (_target, status) => translate(`orderStatus.${String(status) as OrderStatus}`),
});

type KnownTag = (typeof NAMED_TAGS)[number];
const KNOWN_TAGS = new Set<string>(NAMED_TAGS);

/** A tag's name by its code (`orderTag.<tag>`); a tag the dashboard does not know yet shows its code. */
export const tagLabel = (tag: string) =>
  KNOWN_TAGS.has(tag) ? translate(`orderTag.${tag as KnownTag}`) : tag.replaceAll('_', ' ');
