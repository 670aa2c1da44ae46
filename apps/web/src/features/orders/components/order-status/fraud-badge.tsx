import { Badge } from '../../../../ui/badge.tsx';
import { AlertIcon } from '../../../../ui/icons.tsx';

export function FraudBadge() {
  return (
    <Badge tone="danger" className="gap-1">
      <AlertIcon className="size-3" />
      Fraud risk
    </Badge>
  );
}
