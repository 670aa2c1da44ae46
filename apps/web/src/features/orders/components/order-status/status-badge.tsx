import type { OrderStatus } from '@mostrador/contracts';
import { Badge, type BadgeTone } from '../../../../ui/badge.tsx';
import { STATUS_LABELS } from './order-labels.ts';

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
