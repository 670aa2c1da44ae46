import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';

/**
 * What can be done to the orders picked in the list, shown while any are: block their buyers, export them, open
 * them one after the other, or let go of them. Announced as a status when the count changes.
 */
export function SelectionBar({
  count,
  onBlockBuyers,
  onExport,
  exporting,
  onOpenInTurn,
  onClear,
}: {
  count: number;
  /** Absent when the account may not block (the buyer side, a team member without the permission). */
  onBlockBuyers?: (() => void) | undefined;
  onExport: () => void;
  exporting: boolean;
  onOpenInTurn: () => void;
  onClear: () => void;
}) {
  const t = useT();
  return (
    <section
      aria-label={t('orders.selection.actions')}
      className="flex flex-wrap items-center gap-2 rounded-lg border border-accent/40 bg-accent-soft px-3 py-2"
    >
      <p role="status" className="mr-auto text-body font-medium text-ink tabular">
        {t('orders.selection.count', { count })}
      </p>
      {onBlockBuyers ? (
        <Button size="sm" variant="secondary" onClick={onBlockBuyers}>
          {t('orders.selection.blockBuyers')}
        </Button>
      ) : null}
      <Button size="sm" variant="secondary" onClick={onExport} pending={exporting}>
        {t('orders.selection.export')}
      </Button>
      <Button size="sm" variant="secondary" onClick={onOpenInTurn}>
        {t('orders.selection.openInTurn')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t('orders.selection.clear')}
      </Button>
    </section>
  );
}
