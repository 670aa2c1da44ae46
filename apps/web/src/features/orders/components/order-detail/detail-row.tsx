import type { ReactNode } from 'react';
import { cx } from '../../../../lib/class-names.ts';

/** A label and its value in a definition list; `strong` for a total under the parts it adds up. */
export function DetailRow({
  label,
  children,
  strong,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={cx(
        'flex items-baseline justify-between gap-4 py-1',
        strong && 'border-t border-line pt-2 font-semibold',
      )}
    >
      <dt className={strong ? 'text-ink' : 'text-muted'}>{label}</dt>
      <dd className="text-right tabular text-ink">{children}</dd>
    </div>
  );
}
