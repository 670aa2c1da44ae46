import { errorText } from '../../../lib/i18n/error-messages.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { useRemoveOperator } from '../api/remove-operator.ts';
import type { MemberDialogProps } from './edit-member-dialog.tsx';

/** Asks before taking someone off the team: they lose access at once; their reads stay in the log. */
export function RemoveMemberDialog({ sellerId, operator, onClose }: MemberDialogProps) {
  const t = useT();
  const remove = useRemoveOperator();
  const announce = useAnnounce();
  const confirm = () =>
    remove.mutate(
      { sellerId, operatorId: operator.user_id },
      {
        onSuccess: () => {
          announce(translate('team.removeMemberDialog.removedFromTheTeam', { nickname: operator.nickname }));
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={translate('team.removeMemberDialog.removeFromTheTeam', { nickname: operator.nickname })}
      description={t('team.removeMemberDialog.theyLoseAccessTo')}
      confirm={{
        label: translate('team.removeMemberDialog.remove'),
        variant: 'danger',
        pending: remove.isPending,
        onConfirm: confirm,
      }}
    >
      {remove.isError ? <FormError>{errorText(remove.error)}</FormError> : null}
    </Dialog>
  );
}
