// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInEnglish } from '../test-support/render.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';

interface Row {
  id: number;
  buyer: string;
  total: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: 'id', header: 'Order', cell: (row) => row.id },
  { id: 'buyer', header: 'Buyer', cell: (row) => row.buyer, sortable: true },
  { id: 'total', header: 'Total', cell: (row) => row.total, align: 'end', sortable: true },
];

const rows: Row[] = [
  { id: 1, buyer: 'COMPRADOR_1', total: 'ARS 10,00' },
  { id: 2, buyer: 'COMPRADOR_2', total: 'ARS 20,00' },
];

afterEach(cleanup);

describe('DataTable', () => {
  it('renders a named table with column headers and rows', () => {
    renderInEnglish(<DataTable caption="Orders" columns={columns} rows={rows} getRowKey={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order', 'Buyer', 'Total']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'COMPRADOR_2' })).toBeTruthy();
  });

  it('reports the sort on the header and asks the owner to change it', () => {
    const onSortChange = vi.fn();
    renderInEnglish(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        getRowKey={(row) => row.id}
        sort={{ columnId: 'total', direction: 'desc' }}
        onSortChange={onSortChange}
      />,
    );
    const [order, buyer, total] = screen.getAllByRole('columnheader');
    expect(order?.getAttribute('aria-sort')).toBeNull();
    expect(buyer?.getAttribute('aria-sort')).toBe('none');
    expect(total?.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Buyer' }));
    expect(onSortChange).toHaveBeenCalledWith('buyer');
  });

  it('marks the table busy and hides placeholder rows from assistive tech while loading', () => {
    renderInEnglish(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={[]}
        getRowKey={(row) => row.id}
        loading
        skeletonRows={3}
      />,
    );
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('shows the empty state inside the table when there are no rows', () => {
    renderInEnglish(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={[]}
        getRowKey={(row) => row.id}
        empty={<p>No orders match these filters</p>}
      />,
    );
    expect(screen.getByText('No orders match these filters').closest('td')?.getAttribute('colspan')).toBe(
      '3',
    );
  });
});
