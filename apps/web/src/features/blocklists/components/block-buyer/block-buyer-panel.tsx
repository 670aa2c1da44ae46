import type { BlockList } from '@mostrador/contracts';
import { useState } from 'react';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Card } from '../../../../ui/card.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import type { ResolvedBuyer } from '../../api/resolve-buyer.ts';
import { BlockBuyerDialog } from './block-buyer-dialog.tsx';

/**
 * "Block this buyer" beside a buyer the page shows (an order's): the Blocked buyers dialog for that buyer, with the
 * reason and note kept for the team, and what was done once it is.
 */
export function BlockBuyerPanel({
  seller,
  buyer,
}: {
  seller: { id: number; siteId: string | null };
  buyer: ResolvedBuyer;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [blocked, setBlocked] = useState<readonly BlockList[] | null>(null);
  const announce = useAnnounce();
  return (
    <Card title={t('blocklists.blockBuyerPanel.blockThisBuyer')}>
      {blocked ? (
        <p role="status" className="text-ink">
          {blocked.length > 1
            ? t('blocklists.blockBuyerPanel.isBlockedFromBoth', { nickname: buyer.nickname })
            : t('blocklists.blockBuyerPanel.isBlocked', { nickname: buyer.nickname, list: blocked[0]! })}
        </p>
      ) : (
        <>
          <p className="mb-2 text-muted">
            {t('blocklists.blockBuyerPanel.stopFromBuyingOn', { nickname: buyer.nickname })}
          </p>
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            {t('blocklists.blockBuyerPanel.blockBuyer')}
          </Button>
        </>
      )}
      <BlockBuyerDialog
        open={open}
        onClose={() => setOpen(false)}
        seller={seller}
        defaultList="order"
        buyer={buyer}
        onBlocked={(_, lists) => {
          setBlocked(lists);
          setOpen(false);
          announce(translate('blocklists.blockBuyerPanel.blocked', { nickname: buyer.nickname }));
        }}
      />
    </Card>
  );
}
