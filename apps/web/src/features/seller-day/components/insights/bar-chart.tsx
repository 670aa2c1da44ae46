import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

const ROW = 28;
const LABEL_WIDTH = 'w-32 sm:w-48';

export interface BarRow {
  key: string;
  label: string;
  value: number;
  /** The value as the page writes it, at the bar's end. */
  valueText: string;
}

/**
 * Horizontal bars, largest first: the names in a column of their own (cut with an ellipsis, whole on hover), each
 * bar on the same row, its value at its end.
 */
export function BarChart({ rows }: { rows: readonly BarRow[] }) {
  const { parentRef, width } = useParentSize({ debounceTime: 50 });
  const height = rows.length * ROW;
  const y = scaleBand<string>({ domain: rows.map((row) => row.key), range: [0, height], padding: 0.28 });
  // Room at the end of the longest bar for the longest value's text (about 7 px a character at 12 px).
  const room = 12 + 7 * Math.max(0, ...rows.map((row) => row.valueText.length));
  const x = scaleLinear<number>({
    domain: [0, Math.max(1, ...rows.map((row) => row.value))],
    range: [0, Math.max(0, width - room)],
  });
  return (
    <div className="flex text-body" aria-hidden="true">
      <ul className={`${LABEL_WIDTH} shrink-0 pr-3`}>
        {rows.map((row) => (
          <li key={row.key} title={row.label} className="truncate leading-7 text-ink" style={{ height: ROW }}>
            {row.label}
          </li>
        ))}
      </ul>
      <div ref={parentRef} className="min-w-0 flex-1">
        {width > 0 ? (
          <svg width={width} height={height} role="presentation">
            {rows.map((row) => {
              const barWidth = Math.max(2, x(row.value));
              const top = y(row.key) ?? 0;
              return (
                <g key={row.key}>
                  <Bar x={0} y={top} width={barWidth} height={y.bandwidth()} rx={2} className="fill-accent" />
                  <text
                    x={barWidth + 6}
                    y={top + y.bandwidth() / 2}
                    dominantBaseline="central"
                    fontSize={12}
                    className="fill-muted tabular"
                  >
                    {row.valueText}
                  </text>
                </g>
              );
            })}
          </svg>
        ) : null}
      </div>
    </div>
  );
}
