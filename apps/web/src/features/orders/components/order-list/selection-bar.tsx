import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';

/**
 * What can be done to the orders picked in the list, shown while any are: block their buyers, export them, open
 * them one after the other, or let go of them. It fills the list bar's reserved line, so the rows stay where they
 * are. Announced as a status when the count changes.
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
      className="flex h-8 min-w-0 shrink items-center gap-1.5 overflow-x-auto rounded-md border border-accent/40 bg-accent-soft pr-0.5 pl-3"
    >
      <p role="status" className="mr-2 shrink-0 text-body font-medium whitespace-nowrap text-ink tabular">
        {t('orders.selection.count', { count })}
      </p>
      {onBlockBuyers ? (
        <Button size="sm" className="shrink-0" onClick={onBlockBuyers}>
          {t('orders.selection.blockBuyers')}
        </Button>
      ) : null}
      <Button size="sm" className="shrink-0" onClick={onExport} pending={exporting}>
        {t('orders.selection.export')}
      </Button>
      <Button size="sm" className="shrink-0" onClick={onOpenInTurn}>
        {t('orders.selection.openInTurn')}
      </Button>
      <Button size="sm" variant="ghost" className="shrink-0" onClick={onClear}>
        {t('orders.selection.clear')}
      </Button>
    </section>
  );
}
