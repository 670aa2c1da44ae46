import type { Insights } from '@mostrador/contracts';
import { type ReactNode, useState } from 'react';
import { cx } from '../../../../lib/class-names.ts';
import { CSV_BOM, csvRecords } from '../../../../lib/csv.ts';
import { downloadFile } from '../../../../lib/download-file.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Card } from '../../../../ui/card.tsx';
import { CSV_TABLES, type CsvTable, csvFileName } from '../../model/insights-view.ts';

/** Writes one of the page's tables as a CSV file (the orders export's writer). */
export async function downloadCsv(table: CsvTable, insights: Insights) {
  const text = await csvRecords(CSV_TABLES[table](insights));
  downloadFile([CSV_BOM, text], csvFileName(table, insights), 'text/csv;charset=utf-8');
}

/**
 * A chart in a card, with its table one press away (the same figures, for reading aloud or copying) and its CSV.
 * Which one shows is the reader's choice on this page alone.
 */
export function ChartCard({
  title,
  table,
  insights,
  chart,
  children,
  className,
}: {
  title: string;
  table: CsvTable;
  insights: Insights;
  /** The chart; the children are its table. */
  chart: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const t = useT();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card
      title={title}
      className={className}
      data-chart={table}
      actions={
        <div className="flex items-center gap-2">
          <fieldset className="flex rounded-md border border-line-strong p-0.5">
            <legend className="sr-only">{t('sellerDay.chart.showAs', { title })}</legend>
            {(['chart', 'table'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setView(option)}
                className={cx(
                  'h-6 rounded px-2 text-caption font-medium transition-colors',
                  view === option ? 'bg-subtle text-ink' : 'text-muted hover:text-ink',
                )}
              >
                {t(option === 'chart' ? 'sellerDay.chart.chart' : 'sellerDay.chart.table')}
              </button>
            ))}
          </fieldset>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('sellerDay.chart.downloadCsvOf', { title })}
            onClick={() => void downloadCsv(table, insights)}
          >
            {t('sellerDay.chart.csv')}
          </Button>
        </div>
      }
      bodyClassName="px-4 py-3"
    >
      {view === 'chart' ? (
        <div role="img" aria-label={t('sellerDay.chart.chartOf', { title })}>
          {chart}
        </div>
      ) : (
        children
      )}
    </Card>
  );
}
