import type { BlockedUser, BlockList } from '@mostrador/contracts';
import { useQuery } from '@tanstack/react-query';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Dialog } from '../../../../ui/dialog.tsx';
import { FormError } from '../../../../ui/form-error.tsx';
import { buyerQueryOptions } from '../../api/get-buyer.ts';
import { useUnblockBuyer } from '../../api/unblock-buyer.ts';

/** Asks before unblocking a buyer: what they may do again, and that the block stays in the trail. */
export function UnblockDialog({
  sellerId,
  list,
  buyer,
  onClose,
  onUnblocked,
}: {
  sellerId: number;
  list: BlockList;
  /** The row to unblock; null while the dialog is closed. */
  buyer: BlockedUser | null;
  onClose: () => void;
  onUnblocked: (unblocked: { buyerId: number; nickname: string; list: BlockList }) => void;
}) {
  const t = useT();
  const unblock = useUnblockBuyer();
  const profile = useQuery({ ...buyerQueryOptions(buyer?.id ?? 0), enabled: buyer !== null });
  const close = () => {
    onClose();
    unblock.reset();
  };
  const confirm = () => {
    if (!buyer) return;
    const nickname = profile.data?.nickname ?? `#${buyer.id}`;
    unblock.mutate(
      { sellerId, buyerId: buyer.id, list },
      { onSuccess: () => onUnblocked({ buyerId: buyer.id, nickname, list }) },
    );
  };
  return (
    <Dialog
      open={buyer !== null}
      onClose={close}
      title={
        profile.data?.nickname
          ? translate('blocklists.unblockDialog.titleNamed', { nickname: profile.data.nickname })
          : translate('blocklists.unblockDialog.titleId', { id: buyer?.id ?? '' })
      }
      description={translate('blocklists.unblockDialog.description', { list })}
      confirm={{
        label: translate('blocklists.unblockDialog.unblock'),
        variant: 'danger',
        pending: unblock.isPending,
        onConfirm: confirm,
      }}
    >
      {unblock.isError ? <FormError>{t('blocklists.unblockDialog.theBuyerCouldNot')}</FormError> : null}
    </Dialog>
  );
}
