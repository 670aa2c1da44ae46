import { cx } from '../../../lib/class-names.ts';
import { formatCount } from '../../../lib/format.ts';
import { stackSegments } from '../model/reputation.ts';

export interface StackedBarPart {
  key: string;
  label: string;
  value: number;
  /** The value as the legend prints it ("86%"); the number itself by default. */
  valueText?: string;
  /** Shown in the legend beside the value, e.g. "79%". */
  detail?: string;
  /** Fill of the bar segment and the legend's swatch (`fill-…` and `bg-…` classes). */
  fill: string;
  swatch: string;
}

/**
 * A 100% stacked bar drawn with SVG attributes (no inline styles) and a legend that says every number in text; the
 * drawing itself is hidden from assistive technology, which reads the legend.
 */
export function StackedBar({ label, parts }: { label: string; parts: readonly StackedBarPart[] }) {
  const segments = stackSegments(parts);
  return (
    <div className="flex flex-col gap-2" data-testid={`chart-${label}`}>
      <svg className="h-2.5 w-full overflow-hidden rounded-full" aria-hidden="true" focusable="false">
        <rect x="0" y="0" width="100%" height="100%" className="fill-subtle" />
        {segments.map((segment, index) =>
          segment.width > 0 ? (
            <rect
              key={segment.key}
              x={`${segment.x.toFixed(3)}%`}
              y="0"
              width={`${segment.width.toFixed(3)}%`}
              height="100%"
              className={parts[index]?.fill}
            />
          ) : null,
        )}
      </svg>
      <ul aria-label={label} className="flex flex-wrap gap-x-4 gap-y-1 text-body">
        {parts.map((part) => (
          <li key={part.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cx('size-2 rounded-full', part.swatch)} />
            <span className="text-muted">{part.label}</span>
            <span className="font-medium text-ink tabular">{part.valueText ?? formatCount(part.value)}</span>
            {part.detail ? <span className="text-faint tabular">{part.detail}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
