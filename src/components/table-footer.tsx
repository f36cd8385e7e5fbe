import { Trans } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { formatCount } from '../lib/format';
import { PageSizeSelect, Pager } from './table-pager';

/**
 * Under every paged table: "26–50 of 1,234", rows per page where the screen lets people
 * choose, and the page buttons once there is more than one page.
 */
export function TableFooter({
  count,
  page,
  pageSize,
  onPage,
  onPageSize,
  pageSizes,
  label,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Without it the page size is fixed and no select is shown. */
  onPageSize?: (pageSize: number) => void;
  /** The sizes the select offers (default: `PAGE_SIZES`). */
  pageSizes?: readonly number[];
  /**
   * Names the footer as a navigation landmark ("Result pages"); leave it out where a screen
   * can show several such tables, as landmark names must be unique.
   */
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = count > 0 ? (page - 1) * pageSize + 1 : 0;
  const last = Math.min(count, page * pageSize);
  const from = formatCount(first);
  const to = formatCount(last);
  const total = formatCount(count);
  return (
    <Group
      justify="space-between"
      mt="sm"
      wrap="wrap"
      component={label ? 'nav' : 'div'}
      aria-label={label}
    >
      <Text size="sm" c="dimmed" aria-live="polite">
        <Trans>
          {from}–{to} of {total}
        </Trans>
      </Text>
      <Group gap="sm">
        {onPageSize && (
          <PageSizeSelect value={pageSize} onChange={onPageSize} options={pageSizes} />
        )}
        {pages > 1 && <Pager total={pages} page={Math.min(page, pages)} onChange={onPage} />}
      </Group>
    </Group>
  );
}
