import type { BlockList } from '@mostrador/contracts';
import { useState } from 'react';
import { ApiClientError } from '../../../../lib/api-client.ts';
import { errorMessage, errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { Toast } from '../../../../ui/toast.tsx';
import type { ResolvedBuyer } from '../../api/resolve-buyer.ts';
import { useUnblockBuyer } from '../../api/unblock-buyer.ts';

/**
 * "3 buyers blocked from buying", with an Undo that unblocks them again (the reasons and notes the BFF kept stay,
 * as after any unblock): what a block of picked buyers did, said once the selection is gone.
 */
export function BlockedUndoToast({
  sellerId,
  blocked,
  onDone,
}: {
  sellerId: number;
  blocked: { buyers: readonly ResolvedBuyer[]; lists: readonly BlockList[] };
  onDone: () => void;
}) {
  const unblock = useUnblockBuyer();
  const announce = useAnnounce();
  const [undoing, setUndoing] = useState(false);
  const count = blocked.buyers.length;
  const undo = async () => {
    setUndoing(true);
    try {
      for (const buyer of blocked.buyers)
        for (const list of blocked.lists) await unblock.mutateAsync({ sellerId, buyerId: buyer.id, list });
      announce(translate('blocklists.blockBuyerDialog.unblockedAgain', { count }));
    } catch (error) {
      announce(
        translate('blocklists.blockBuyerDialog.undoFailed', {
          reason: error instanceof ApiClientError ? errorMessage(error.error) : errorText(error),
        }),
      );
    } finally {
      setUndoing(false);
      onDone();
    }
  };
  return (
    <Toast
      message={translate('blocklists.blockBuyerDialog.blockedCount', {
        count,
        lists: blocked.lists.length === 1 ? blocked.lists[0]! : 'both',
      })}
      action={{
        label: translate('blocklists.blockBuyerDialog.undo'),
        onAction: () => void undo(),
        pending: undoing,
      }}
      onDismiss={onDone}
    />
  );
}
