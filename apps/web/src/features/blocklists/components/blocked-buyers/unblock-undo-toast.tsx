import type { BlockList } from '@mostrador/contracts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { T } from '../../../../lib/i18n/use-t.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { Toast } from '../../../../ui/toast.tsx';
import { useBlockBuyer } from '../../api/block-buyer.ts';

export interface Unblocked {
  buyerId: number;
  nickname: string;
  list: BlockList;
}

/** "Unblocked", with an Undo that blocks the buyer again (the reason and note the BFF kept come back with it). */
export function UnblockUndoToast({
  sellerId,
  unblocked,
  onDone,
}: {
  sellerId: number;
  unblocked: Unblocked;
  onDone: () => void;
}) {
  const reblock = useBlockBuyer();
  const announce = useAnnounce();
  const undo = () =>
    reblock.mutate(
      { sellerId, buyerId: unblocked.buyerId, list: unblocked.list },
      {
        onSuccess: () => {
          announce(translate('blocklists.unblockUndoToast.isBlockedAgain', { nickname: unblocked.nickname }));
          onDone();
        },
      },
    );
  return (
    <Toast
      message={
        <T
          id="blocklists.unblockUndoToast.unblocked"
          values={{ nickname: unblocked.nickname, list: unblocked.list }}
          components={{ 0: <span className="font-medium" /> }}
        />
      }
      action={{
        label: translate('blocklists.unblockUndoToast.undo'),
        onAction: undo,
        pending: reblock.isPending,
      }}
      onDismiss={onDone}
    />
  );
}
