import { OPERATOR_PERMISSIONS, type OperatorPermission } from '@mostrador/contracts';
import { messagesByKey, translate } from '../../../lib/i18n/i18n.ts';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { togglePermission } from '../model/team-members.ts';

const PERMISSION_HINTS: Record<OperatorPermission, string> = messagesByKey({
  'orders.read': 'team.permissionChecks.openOrdersAndSearch',
  'feedback.reply': 'team.permissionChecks.answerFeedbackBuyersGave',
  'blocklists.manage': 'team.permissionChecks.blockAndUnblockBuyers',
  'buyers.personal_data.read': 'team.permissionChecks.seeBuyersNamesAnd',
  'immediate_payment.manage': 'team.permissionChecks.turnImmediatePaymentOn',
});

/** Every permission a team member can have, each with what it allows. */
export function PermissionChecks({
  value,
  onChange,
  legend,
}: {
  value: readonly OperatorPermission[];
  onChange: (next: OperatorPermission[]) => void;
  legend: string;
}) {
  return (
    <fieldset className="flex flex-col gap-0.5">
      <legend className="mb-1 text-body font-medium text-ink">{legend}</legend>
      {OPERATOR_PERMISSIONS.map((permission) => (
        <Checkbox
          key={permission}
          className="h-auto py-1"
          checked={value.includes(permission)}
          onChange={(event) => onChange(togglePermission(value, permission, event.currentTarget.checked))}
          label={
            <span className="flex flex-col">
              <span>{translate(`permission.${permission}`)}</span>
              <span className="text-xs text-muted">{PERMISSION_HINTS[permission]}</span>
            </span>
          }
        />
      ))}
    </fieldset>
  );
}
