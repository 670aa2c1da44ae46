import { Badge } from '../../../../ui/badge.tsx';
import { FraudBadge } from './fraud-badge.tsx';
import { tagLabel } from './order-labels.ts';

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
