import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_FIELDS, visibleColumns } from '../columns';
import { renderWithList, testSubscriber } from '../test-utils';
import { SubscriberTable, type SubscriberTableProps } from './subscriber-table';

const props = (n: number, overrides: Partial<SubscriberTableProps> = {}): SubscriberTableProps => ({
  rows: Array.from({ length: n }, (_, i) => testSubscriber(i + 1, { first_name: `Name${i + 1}` })),
  columns: visibleColumns(FALLBACK_FIELDS, null),
  emailField: FALLBACK_FIELDS.find((f) => f.name === 'email'),
  basePath: '/lists/7/subscribers',
  ordering: undefined,
  onSort: vi.fn(),
  isSelected: () => false,
  onToggle: vi.fn(),
  pageSelection: 'none',
  onTogglePage: vi.fn(),
  renderActions: () => null,
  loading: false,
  skeletonRows: 0,
  ...overrides,
});

afterEach(() => vi.restoreAllMocks());

describe('SubscriberTable', () => {
  it('renders every row of a short page, each linking to its subscriber', () => {
    renderWithList(<SubscriberTable {...props(5)} />);
    const table = screen.getByRole('table', { name: 'Subscribers' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 's3@example.com' })).toHaveAttribute(
      'href',
      '/lists/7/subscribers/3',
    );
    expect(within(table).getAllByText('Active')).toHaveLength(5);
  });

  it('renders only the rows in view of a 1,000-row page', () => {
    // jsdom has no layout: give the scroll area the size of a screen.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(41);
    renderWithList(<SubscriberTable {...props(1000)} />);
    const table = screen.getByRole('table', { name: 'Subscribers' });
    const rendered = within(table).getAllByRole('row').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(60);
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    expect(screen.getByText('s1@example.com')).toBeInTheDocument();
    expect(screen.queryByText('s1000@example.com')).not.toBeInTheDocument();
  });

  it('sorts by the orderable columns only, and selects rows', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    const onToggle = vi.fn();
    const onTogglePage = vi.fn();
    renderWithList(
      <SubscriberTable {...props(2, { onSort, onToggle, onTogglePage, ordering: '-email' })} />,
    );
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Sort by Subscription' }));
    expect(onSort).toHaveBeenCalledWith('subscription');
    expect(screen.queryByRole('button', { name: 'Sort by First name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select s2@example.com' }));
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(onTogglePage).toHaveBeenCalled();
  });
});
