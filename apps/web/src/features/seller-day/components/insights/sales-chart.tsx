import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { type PointerEvent, useState } from 'react';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { formatCompact, formatDay } from '../../model/insights-format.ts';
import type { SalesDay } from '../../model/insights-view.ts';

const HEIGHT = 220;
const MARGIN = { top: 8, right: 12, bottom: 24, left: 56 };
const TICK_LABEL = { fontSize: 11, className: 'fill-muted tabular' } as const;

/**
 * Sales per day of the period (a solid line) over the previous period's day of the same rank (dashed). Pointing at
 * a day shows both amounts; the table beside it says the same for keyboards and screen readers.
 */
export function SalesChart({
  days,
  locale,
  money,
}: {
  days: SalesDay[];
  locale: string;
  money: (amount: number) => string;
}) {
  const t = useT();
  const { parentRef, width } = useParentSize({ debounceTime: 50 });
  const [hover, setHover] = useState<number | null>(null);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const last = Math.max(1, days.length - 1);
  const x = scaleLinear<number>({ domain: [0, last], range: [0, innerWidth] });
  const top = Math.max(1, ...days.map((day) => Math.max(day.gross_sales, day.previous_gross_sales ?? 0)));
  const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true });
  // About one date label per 90 px, always the first and the last day.
  const labels = Math.max(2, Math.min(days.length, Math.floor(innerWidth / 90)));
  const tickValues = [
    ...new Set(Array.from({ length: labels }, (_, i) => Math.round((i * last) / (labels - 1)))),
  ];
  const shown = hover === null ? null : days[hover];

  const onPointerMove = (event: PointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.round(x.invert(event.clientX - box.left));
    setHover(Math.min(days.length - 1, Math.max(0, index)));
  };

  return (
    <div ref={parentRef} className="relative" aria-hidden="true">
      {width > 0 ? (
        <svg width={width} height={HEIGHT} role="presentation">
          <Group left={MARGIN.left} top={MARGIN.top}>
            <GridRows
              scale={y}
              width={innerWidth}
              numTicks={4}
              stroke="var(--color-line)"
              strokeDasharray="2 3"
            />
            <AxisLeft
              scale={y}
              numTicks={4}
              hideAxisLine
              hideTicks
              tickFormat={(value) => formatCompact(Number(value), locale)}
              tickLabelProps={{ ...TICK_LABEL, textAnchor: 'end', dx: -4, dy: 4 }}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={tickValues}
              hideTicks
              axisLineClassName="stroke-line-strong"
              tickFormat={(value) => formatDay(days[Number(value)]?.date ?? '', locale)}
              tickLabelProps={(_value, index) => ({
                ...TICK_LABEL,
                textAnchor: index === 0 ? 'start' : index === tickValues.length - 1 ? 'end' : 'middle',
              })}
            />
            <LinePath
              data={days.filter((day) => day.previous_gross_sales !== null)}
              x={(_day, index) => x(index)}
              y={(day) => y(day.previous_gross_sales ?? 0)}
              className="stroke-faint"
              strokeWidth={1.5}
              strokeDasharray="4 3"
              fill="none"
            />
            <LinePath
              data={days}
              x={(_day, index) => x(index)}
              y={(day) => y(day.gross_sales)}
              className="stroke-accent"
              strokeWidth={2}
              strokeLinejoin="round"
              fill="none"
            />
            {shown && hover !== null ? (
              <g>
                <line
                  x1={x(hover)}
                  x2={x(hover)}
                  y1={0}
                  y2={innerHeight}
                  className="stroke-line-strong"
                  strokeWidth={1}
                />
                {shown.previous_gross_sales !== null ? (
                  <circle cx={x(hover)} cy={y(shown.previous_gross_sales)} r={3} className="fill-faint" />
                ) : null}
                <circle
                  cx={x(hover)}
                  cy={y(shown.gross_sales)}
                  r={3.5}
                  className="fill-accent stroke-surface"
                />
              </g>
            ) : null}
            <rect
              width={innerWidth}
              height={innerHeight}
              fill="transparent"
              onPointerMove={onPointerMove}
              onPointerLeave={() => setHover(null)}
            />
          </Group>
        </svg>
      ) : (
        <div style={{ height: HEIGHT }} />
      )}
      {shown && hover !== null ? (
        <div
          className="pointer-events-none absolute top-1 z-10 rounded-md border border-line bg-surface px-2.5 py-1.5 text-caption shadow-sm"
          style={
            x(hover) > innerWidth / 2
              ? { right: width - MARGIN.left - x(hover) + 8 }
              : { left: MARGIN.left + x(hover) + 8 }
          }
        >
          <p className="font-medium text-ink tabular">
            {formatDay(shown.date, locale)} · {money(shown.gross_sales)}
          </p>
          <p className="text-muted tabular">{t('sellerDay.sales.salesCount', { count: shown.sales })}</p>
          {shown.previous_date !== null ? (
            <p className="mt-1 text-muted tabular">
              {formatDay(shown.previous_date, locale)} · {money(shown.previous_gross_sales ?? 0)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
