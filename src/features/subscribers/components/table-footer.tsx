import { Group, Pagination, Select, Text } from '@mantine/core';
import { SUBSCRIBER_PAGE_SIZES } from '../view-params';

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
  const sizes: number[] = [...SUBSCRIBER_PAGE_SIZES];
  if (!sizes.includes(pageSize)) sizes.push(pageSize);
  return (
    <Group justify="space-between" mt="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {first.toLocaleString()}–{last.toLocaleString()} of {count.toLocaleString()}
      </Text>
      <Group gap="sm">
        <Select
          label="Rows per page"
          size="xs"
          w={110}
          styles={{
            root: { display: 'flex', alignItems: 'center', gap: 8 },
            label: { whiteSpace: 'nowrap' },
          }}
          data={sizes.sort((a, b) => a - b).map(String)}
          value={String(pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
          allowDeselect={false}
        />
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({
              'aria-label': {
                first: 'First page',
                previous: 'Previous page',
                next: 'Next page',
                last: 'Last page',
              }[control],
            })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        )}
      </Group>
    </Group>
  );
}
