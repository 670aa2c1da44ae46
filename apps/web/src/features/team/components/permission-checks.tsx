import {
  OPERATOR_PERMISSION_LABELS,
  OPERATOR_PERMISSIONS,
  type OperatorPermission,
} from '@mostrador/contracts';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { togglePermission } from '../model/team-members.ts';

const PERMISSION_HINTS: Record<OperatorPermission, string> = {
  'orders.read': 'Open orders and search them',
  'feedback.reply': 'Answer feedback buyers gave you',
  'blocklists.manage': 'Block and unblock buyers',
  'buyers.personal_data.read': 'See buyers’ names and phones in orders; every read is logged',
  'immediate_payment.manage': 'Turn immediate payment on or off',
};

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
              <span>{OPERATOR_PERMISSION_LABELS[permission]}</span>
              <span className="text-xs text-muted">{PERMISSION_HINTS[permission]}</span>
            </span>
          }
        />
      ))}
    </fieldset>
  );
}
