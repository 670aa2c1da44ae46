import { withLabels } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import type { OrderSide } from '../../model/order-search.ts';

const SIDES: readonly { side: OrderSide; label: string }[] = withLabels([
  { side: 'seller', label: 'orders.sideSwitch.selling' },
  { side: 'buyer', label: 'orders.sideSwitch.buying' },
]);

/** Orders buyers placed on the account's items, or orders it placed as a buyer. */
export function SideSwitch({ side, onChange }: { side: OrderSide; onChange: (side: OrderSide) => void }) {
  const t = useT();
  return (
    <fieldset className="flex rounded-md border border-line-strong p-0.5">
      <legend className="sr-only">{t('orders.sideSwitch.side')}</legend>
      {SIDES.map((option) => (
        <button
          key={option.side}
          type="button"
          aria-pressed={side === option.side}
          onClick={() => onChange(option.side)}
          className="h-6.5 rounded px-2.5 text-body text-muted aria-pressed:bg-subtle aria-pressed:font-medium aria-pressed:text-ink"
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
