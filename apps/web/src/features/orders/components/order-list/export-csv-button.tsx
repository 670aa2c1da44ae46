import { useRef, useState } from 'react';
import { CSV_BOM, csvRecord, csvRecords } from '../../../../lib/csv.ts';
import { downloadFile } from '../../../../lib/download-file.ts';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { readEachSellerProceeds } from '../../api/read-seller-proceeds.ts';
import { searchOrders } from '../../api/search-orders.ts';
import { EXPORT_COLUMNS_WITH_PROCEEDS, exportRowWithProceeds, walkOrders } from '../../model/order-export.ts';
import { type OrderListSearch, toApiQuery } from '../../model/order-search.ts';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'failed'; message: string };

/**
 * Exports every order of the current filter as CSV, 51 a page. Each page becomes a Blob part at once (the browser
 * may keep parts on disk), so the text of the pages is not held; the file is handed to the download and its URL
 * revoked right after.
 */
export function ExportCsvButton({ userId, search }: { userId: number; search: OrderListSearch }) {
  const t = useT();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const announce = useAnnounce();

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', done: 0, total: 0 });
    announce(translate('orders.exportCsvButton.exportStarted'));
    const parts: BlobPart[] = [CSV_BOM];
    try {
      parts.push(await csvRecord(EXPORT_COLUMNS_WITH_PROCEEDS));
      const pages = walkOrders(
        search,
        async (overrides, signal) => {
          const envelope = await searchOrders(toApiQuery(search, userId, overrides), signal);
          return { results: envelope.results, total: envelope.paging.total };
        },
        controller.signal,
      );
      let total = 0;
      let done = 0;
      for await (const page of pages) {
        // What the seller receives needs some orders' discounts or shipment: a few reads at a time.
        const proceeds = await readEachSellerProceeds(
          page.results,
          search.side ?? 'seller',
          controller.signal,
        );
        const rows = page.results.map((order, index) =>
          exportRowWithProceeds(order, proceeds[index] ?? null),
        );
        parts.push(new Blob([await csvRecords(rows)], { type: 'text/csv' }));
        total = page.total;
        done = page.done;
        setState({ phase: 'running', done, total });
      }
      downloadFile(parts, `orders-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv;charset=utf-8');
      parts.length = 0;
      setState({ phase: 'idle' });
      announce(translate('orders.exportCsvButton.exportedOrders', { done }));
    } catch (error) {
      if (controller.signal.aborted) {
        setState({ phase: 'idle' });
        announce(translate('orders.exportCsvButton.exportCancelled'));
        return;
      }
      const message = errorText(error);
      setState({ phase: 'failed', message });
      announce(translate('orders.exportCsvButton.exportFailed', { message }));
    } finally {
      abort.current = null;
    }
  }

  if (state.phase === 'running') {
    const percent = state.total ? Math.round((state.done / state.total) * 100) : 0;
    return (
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-2 text-xs text-muted tabular">
          <span>
            {translate('orders.exportCsvButton.progress', { done: state.done, total: state.total ?? '…' })}
          </span>
          <progress
            className="h-1.5 w-32 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-subtle [&::-webkit-progress-value]:bg-accent"
            max={100}
            value={percent}
            aria-label={t('orders.exportCsvButton.exportProgress')}
          >
            {percent}%
          </progress>
        </label>
        <Button size="sm" variant="ghost" onClick={() => abort.current?.abort()}>
          {t('orders.exportCsvButton.cancel')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      {state.phase === 'failed' ? (
        <span role="alert" className="text-xs text-danger">
          {state.message}
        </span>
      ) : null}
      <Button onClick={run}>{t('orders.exportCsvButton.exportCsv')}</Button>
    </div>
  );
}
