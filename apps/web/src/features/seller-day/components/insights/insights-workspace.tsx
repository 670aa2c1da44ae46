import type { Insights, InsightsQuery } from '@mostrador/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cx } from '../../../../lib/class-names.ts';
import { formatCount, formatMoney } from '../../../../lib/format.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { cardClasses } from '../../../../ui/card.tsx';
import { DataTable } from '../../../../ui/data-table.tsx';
import { PageHeader } from '../../../../ui/page-header.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { insightsQueryOptions } from '../../api/get-insights.ts';
import { formatDay, formatShare } from '../../model/insights-format.ts';
import { salesDays, statusRows } from '../../model/insights-view.ts';
import { BarChart } from './bar-chart.tsx';
import { ChartCard } from './chart-card.tsx';
import { FigureTiles } from './figure-tiles.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { SalesChart } from './sales-chart.tsx';

export interface InsightsWorkspaceProps {
  sellerId: number;
  locale: string;
  query: InsightsQuery;
  onQueryChange: (next: InsightsQuery) => void;
}

/** How the business goes: a period's figures and charts against the previous period of as many days. */
export function InsightsWorkspace({ sellerId, locale, query, onQueryChange }: InsightsWorkspaceProps) {
  const t = useT();
  // Another period keeps the figures on screen (dimmed) until its own come.
  const insights = useQuery({ ...insightsQueryOptions(sellerId, query), placeholderData: keepPreviousData });
  const data = insights.data;
  const range = (period: { from: string; to: string }) =>
    t('sellerDay.period.range', {
      from: formatDay(period.from, locale),
      to: formatDay(period.to, locale, true),
    });
  return (
    <>
      <PageHeader
        title={t('sellerDay.insights.insights')}
        description={
          data
            ? t('sellerDay.insights.comparedWith', {
                period: range(data.period),
                previous: range(data.previous_period),
              })
            : t('sellerDay.insights.description')
        }
        actions={<PeriodPicker query={query} period={data?.period} onChange={onQueryChange} />}
      />
      <div className="px-6 py-5">
        <QueryState
          query={insights}
          error={{ title: translate('sellerDay.insights.couldNotLoad') }}
          loading={<InsightsSkeleton />}
        >
          {(data) => (
            <div
              aria-busy={insights.isPlaceholderData || undefined}
              className={cx(
                'flex flex-col gap-4 transition-opacity',
                insights.isPlaceholderData && 'opacity-60',
              )}
            >
              {data.projection.state === 'filling' ? (
                <p role="status" className="text-body text-muted">
                  {t('sellerDay.today.stillReading')}
                </p>
              ) : null}
              <FigureTiles insights={data} locale={locale} />
              <InsightsCharts insights={data} locale={locale} />
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}

function InsightsCharts({ insights, locale }: { insights: Insights; locale: string }) {
  const t = useT();
  const currency = insights.currency_id;
  const money = (amount: number) =>
    currency ? formatMoney(amount, currency, locale) : formatCount(amount, locale);
  const days = salesDays(insights);
  const statuses = statusRows(insights);
  const totalOrders = insights.figures.orders;
  const salesTitle = t('sellerDay.sales.salesPerDay');
  const statusTitle = t('sellerDay.status.ordersByStatus');
  const productsTitle = t('sellerDay.products.topProducts');
  return (
    <>
      <ChartCard
        title={salesTitle}
        table="sales_by_day"
        insights={insights}
        chart={
          <>
            <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-caption text-muted">
              <span className="flex items-center gap-1.5">
                <span aria-hidden="true" className="h-0.5 w-4 rounded bg-accent" />
                {t('sellerDay.sales.thisPeriod')}
              </span>
              <span className="flex items-center gap-1.5">
                <span aria-hidden="true" className="w-4 border-t-2 border-dashed border-faint" />
                {t('sellerDay.sales.previousPeriod')}
              </span>
              {currency ? (
                <span className="ml-auto">{t('sellerDay.sales.amountsIn', { currency })}</span>
              ) : null}
            </div>
            <SalesChart days={days} locale={locale} money={money} />
          </>
        }
      >
        <div className="max-h-96 overflow-y-auto">
          <DataTable
            bare
            caption={salesTitle}
            captionHidden
            rows={days}
            getRowKey={(day) => day.date}
            columns={[
              {
                id: 'date',
                header: t('sellerDay.sales.day'),
                cell: (day) => formatDay(day.date, locale, true),
              },
              {
                id: 'gross',
                header: t('sellerDay.figure.grossSales'),
                align: 'end',
                cell: (day) => money(day.gross_sales),
              },
              {
                id: 'sales',
                header: t('sellerDay.sales.sales'),
                align: 'end',
                cell: (day) => formatCount(day.sales, locale),
              },
              {
                id: 'previous_date',
                header: t('sellerDay.sales.previousDay'),
                cell: (day) => (day.previous_date ? formatDay(day.previous_date, locale, true) : '—'),
              },
              {
                id: 'previous_gross',
                header: t('sellerDay.sales.previousGrossSales'),
                align: 'end',
                cell: (day) => (day.previous_gross_sales === null ? '—' : money(day.previous_gross_sales)),
              },
            ]}
          />
        </div>
      </ChartCard>
      <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-2">
        <ChartCard
          title={statusTitle}
          table="orders_by_status"
          insights={insights}
          chart={
            statuses.length === 0 ? (
              <p className="text-body text-muted">{t('sellerDay.insights.noOrders')}</p>
            ) : (
              <BarChart
                rows={statuses.map((row) => ({
                  key: row.status,
                  label: translate(`orderStatus.${row.status}`),
                  value: row.orders,
                  valueText: formatCount(row.orders, locale),
                }))}
              />
            )
          }
        >
          <DataTable
            bare
            caption={statusTitle}
            captionHidden
            rows={insights.orders_by_status}
            getRowKey={(row) => row.status}
            columns={[
              {
                id: 'status',
                header: t('sellerDay.status.status'),
                cell: (row) => translate(`orderStatus.${row.status}`),
              },
              {
                id: 'orders',
                header: t('sellerDay.figure.orders'),
                align: 'end',
                cell: (row) => formatCount(row.orders, locale),
              },
              {
                id: 'share',
                header: t('sellerDay.status.share'),
                align: 'end',
                cell: (row) => (totalOrders > 0 ? formatShare(row.orders / totalOrders, locale) : '—'),
              },
            ]}
          />
        </ChartCard>
        <ChartCard
          title={productsTitle}
          table="top_products"
          insights={insights}
          chart={
            insights.top_products.length === 0 ? (
              <p className="text-body text-muted">{t('sellerDay.insights.noSales')}</p>
            ) : (
              <BarChart
                rows={insights.top_products.map((product) => ({
                  key: product.item_id,
                  label: product.title,
                  value: product.revenue,
                  valueText: money(product.revenue),
                }))}
              />
            )
          }
        >
          <DataTable
            bare
            caption={productsTitle}
            captionHidden
            rows={insights.top_products}
            getRowKey={(product) => product.item_id}
            empty={<p className="py-3 text-body text-muted">{t('sellerDay.insights.noSales')}</p>}
            columns={[
              { id: 'title', header: t('sellerDay.products.product'), cell: (product) => product.title },
              {
                id: 'units',
                header: t('sellerDay.figure.units'),
                align: 'end',
                cell: (product) => formatCount(product.units, locale),
              },
              {
                id: 'revenue',
                header: t('sellerDay.products.revenue'),
                align: 'end',
                cell: (product) => money(product.revenue),
              },
            ]}
          />
        </ChartCard>
      </div>
    </>
  );
}

function InsightsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border border-line bg-line md:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className="flex flex-col gap-2 bg-surface px-4 py-3">
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ))}
      </div>
      <div className={cardClasses('raised', 'h-72 p-4')}>
        <Skeleton className="h-full w-full" />
      </div>
    </div>
  );
}
