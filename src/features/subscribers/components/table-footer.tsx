import { Group, Text } from '@mantine/core';
import { PageSizeSelect, Pager } from '../../../components/table-pager';
import { SUBSCRIBER_PAGE_SIZES } from '../view-params';
import { formatCount } from '../../../lib/format';

/** "1–25 of 1,234", rows per page (up to 1,000), and the page buttons. */
export function TableFooter({
  count,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = count > 0 ? (page - 1) * pageSize + 1 : 0;
  const last = Math.min(count, page * pageSize);
  return (
    <Group justify="space-between" mt="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {formatCount(first)}–{formatCount(last)} of {formatCount(count)}
      </Text>
      <Group gap="sm">
        <PageSizeSelect value={pageSize} onChange={onPageSize} options={SUBSCRIBER_PAGE_SIZES} />
        {pages > 1 && <Pager total={pages} page={Math.min(page, pages)} onChange={onPage} />}
      </Group>
    </Group>
  );
}
