import type { Operator, OperatorPermission } from '@mostrador/contracts';
import { useState } from 'react';
import { errorText } from '../../../lib/i18n/error-messages.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { useUpdateOperator } from '../api/update-operator.ts';
import { PermissionChecks } from './permission-checks.tsx';

/** A dialog about one member of the seller's team. */
export interface MemberDialogProps {
  sellerId: number;
  operator: Operator;
  onClose: () => void;
}

/** A member's permissions, changed all at once on Save; they apply to the member's next request. */
export function EditMemberDialog({ sellerId, operator, onClose }: MemberDialogProps) {
  const t = useT();
  const [permissions, setPermissions] = useState<OperatorPermission[]>([...operator.permissions]);
  const update = useUpdateOperator();
  const announce = useAnnounce();
  const save = () =>
    update.mutate(
      { sellerId, operatorId: operator.user_id, permissions },
      {
        onSuccess: () => {
          announce(translate('team.editMemberDialog.permissionsOfSaved', { nickname: operator.nickname }));
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={translate('team.editMemberDialog.permissionsOf', { nickname: operator.nickname })}
      description={t('team.editMemberDialog.changesApplyToTheir')}
      confirm={{ label: translate('team.editMemberDialog.save'), pending: update.isPending, onConfirm: save }}
    >
      <PermissionChecks
        legend={translate('team.permissionChecks.permissions')}
        value={permissions}
        onChange={setPermissions}
      />
      {update.isError ? (
        <div className="mt-2">
          <FormError>{errorText(update.error)}</FormError>
        </div>
      ) : null}
    </Dialog>
  );
}
