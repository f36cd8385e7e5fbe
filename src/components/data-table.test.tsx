import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DataTable } from './data-table';
import { useTableParams } from './use-table-params';

type Row = { id: number; name: string };
const rows = (from: number, to: number): Row[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, name: `Row ${from + i}` }));

function Table({ count }: { count: number }) {
  const table = useTableParams();
  const first = (table.page - 1) * table.pageSize + 1;
  return (
    <DataTable<Row>
      label="Rows"
      columns={[{ key: 'name', header: 'Name', sortField: 'name', render: (r) => r.name }]}
      rowKey={(r) => r.id}
      table={table}
      data={{ count, results: rows(first, Math.min(count, first + table.pageSize - 1)) }}
      isPending={false}
      error={null}
      onRetry={() => {}}
    />
  );
}

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('DataTable paging', () => {
  it('pages through the URL with previous, next and numbered pages', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Table count={230} />, { path: '/rows?page=5' });
    expect(screen.getByText('101–125 of 230')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 10' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 8' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(search(router).get('page')).toBe('6');
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(search(router).get('page')).toBe('10');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(search(router).get('page')).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('changes the page size, back on page 1, and shows no pages when one is enough', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Table count={40} />, { path: '/rows?page=2' });
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(search(router).get('page_size')).toBe('50');
    expect(search(router).get('page')).toBeNull();
    expect(screen.getByText('1–40 of 40')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('keeps a page size typed into the address selectable', () => {
    renderWithProviders(<Table count={40} />, { path: '/rows?page_size=30' });
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('30');
  });
});
