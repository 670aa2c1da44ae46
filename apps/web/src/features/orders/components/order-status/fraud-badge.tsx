import { translate } from '../../../../lib/i18n/i18n.ts';
import { Badge } from '../../../../ui/badge.tsx';
import { AlertIcon } from '../../../../ui/icons.tsx';

export function FraudBadge() {
  return (
    <Badge tone="danger" className="gap-1">
      <AlertIcon className="size-3" />
      {translate('orders.fraudBadge.fraudRisk')}
    </Badge>
  );
}
