// @vitest-environment jsdom
import { HAND_WORKED_ORDERS } from '@mostrador/contracts/hand-worked-orders';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../test-support/answering-fetch.ts';
import { handWorkedReads } from '../../../../test-support/hand-worked-orders.ts';
import { renderWithApp } from '../../../../test-support/render.tsx';
import { ExportCsvButton } from './export-csv-button.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What `/orders/search` answers: every hand-worked order on one page. */
const envelope = {
  query: null,
  results: HAND_WORKED_ORDERS.map((c) => c.order),
  sort: { id: 'date_asc', name: 'Date ascending' },
  available_sorts: [],
  filters: [],
  paging: { total: HAND_WORKED_ORDERS.length, offset: 0, limit: 51 },
  display: 'complete',
};

describe('the CSV export', () => {
  it('writes the figure worked by hand for every hand-worked order in seller_receives', async () => {
    const sent = answerFetch({ 'GET /api/orders/search': envelope, ...handWorkedReads(HAND_WORKED_ORDERS) });
    // The file handed to the download: its Blob, caught where the browser would be given its URL.
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await renderWithApp(<ExportCsvButton userId={1_000_001} search={{}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });

    const text = await files[0]!.text();
    const { data } = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    const byId = new Map(data.map((row) => [Number(row.order_id), row.seller_receives]));
    expect(HAND_WORKED_ORDERS.map((c) => [c.name, byId.get(c.order.id)])).toEqual(
      HAND_WORKED_ORDERS.map((c) => [c.name, String(c.expected.receives)]),
    );
    expect(sent.some((request) => request.url.startsWith('/api/orders/search?'))).toBe(true);
  });
});
