import type { Insights } from '@mostrador/contracts';
import { cx } from '../../../../lib/class-names.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { formatChange, formatFigure } from '../../model/insights-format.ts';
import { change, FIGURES } from '../../model/insights-view.ts';

/** The period's figures, each with the previous period's and the change between them. */
export function FigureTiles({ insights, locale }: { insights: Insights; locale: string }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border border-line bg-line md:grid-cols-4">
      {FIGURES.map((figure) => {
        const current = insights.figures[figure.key];
        const previous = insights.previous_figures[figure.key];
        const delta = change(figure.kind, current, previous);
        const better = delta === null || delta === 0 ? null : delta > 0 !== (figure.lowerIsBetter ?? false);
        const written = delta === null ? null : formatChange(figure.kind, delta, locale);
        return (
          <div
            key={figure.key}
            data-figure={figure.key}
            className="flex min-w-0 flex-col gap-1 bg-surface px-4 py-3"
          >
            <dt className="truncate text-caption font-medium text-muted">{t(figure.label)}</dt>
            <dd
              className="truncate text-lead font-semibold tracking-tight text-ink tabular"
              data-figure-value=""
            >
              {formatFigure(figure.kind, current, insights.currency_id, locale)}
            </dd>
            <dd className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-caption text-muted tabular">
              {written === null ? null : (
                <span
                  className={cx(
                    'font-medium',
                    better === true && 'text-success-soft-ink',
                    better === false && 'text-danger',
                  )}
                >
                  {figure.kind === 'rate' ? t('sellerDay.figure.points', { value: written }) : written}
                </span>
              )}
              <span className="truncate">
                {t('sellerDay.figure.previous', {
                  value: formatFigure(figure.kind, previous, insights.currency_id, locale),
                })}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
