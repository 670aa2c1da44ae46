import type { OrderStatus } from '@mostrador/contracts';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';
import { AlertIcon } from '../../../ui/icons.tsx';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: 'Confirmed',
  payment_required: 'Payment required',
  payment_in_process: 'Payment in process',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
  invalid: 'Invalid',
  manually_cancelled: 'Manually cancelled',
};

const STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  confirmed: 'info',
  payment_required: 'warning',
  payment_in_process: 'warning',
  partially_paid: 'warning',
  paid: 'success',
  cancelled: 'neutral',
  invalid: 'danger',
  manually_cancelled: 'neutral',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export const TAG_LABELS: Record<string, string> = {
  paid: 'Paid',
  not_delivered: 'Not delivered',
  delivered: 'Delivered',
  fraud_risk_detected: 'Fraud risk',
  test_order: 'Test order',
  shops: 'Shops',
  pack_order: 'Pack',
  no_shipping: 'No shipping',
  order_has_discount: 'Discount',
  catalog: 'Catalog',
};

export const tagLabel = (tag: string) => TAG_LABELS[tag] ?? tag.replaceAll('_', ' ');

/** The order's tags as chips; the fraud tag is its own badge, first and red, never one chip among others. */
export function TagChips({ tags, max = 2 }: { tags: readonly string[]; max?: number }) {
  const fraud = tags.includes('fraud_risk_detected');
  const rest = tags.filter((tag) => tag !== 'fraud_risk_detected' && tag !== 'paid');
  const shown = rest.slice(0, max);
  return (
    <span className="flex items-center gap-1 whitespace-nowrap">
      {fraud ? <FraudBadge /> : null}
      {shown.map((tag) => (
        <Badge key={tag} className="font-normal">
          {tagLabel(tag)}
        </Badge>
      ))}
      {rest.length > shown.length ? (
        <span className="text-xs text-faint" title={rest.slice(max).map(tagLabel).join(', ')}>
          +{rest.length - shown.length}
        </span>
      ) : null}
    </span>
  );
}

export function FraudBadge() {
  return (
    <Badge tone="danger" className="gap-1">
      <AlertIcon className="size-3" />
      Fraud risk
    </Badge>
  );
}
