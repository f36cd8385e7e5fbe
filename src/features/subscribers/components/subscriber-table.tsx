import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Checkbox, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode, type Ref } from 'react';
import { Link } from '../../../components/link';
import type { Subscriber } from '../../../api/subscribers';
import { displayValue, fieldLabel, type FieldInfo } from '../columns';
import { HeaderCell } from './header-cell';
import { StateBadge } from './state-badge';

/** Longer pages render only the rows in view (1,000-row pages stay smooth). */
export const VIRTUALIZE_FROM = 100;
const ROW_HEIGHT = 41;

export type SubscriberTableProps = {
  rows: Subscriber[];
  columns: FieldInfo[];
  emailField: FieldInfo | undefined;
  basePath: string;
  ordering: string | undefined;
  onSort: (field: string) => void;
  isSelected: (id: number) => boolean;
  onToggle: (subscriber: Subscriber) => void;
  pageSelection: 'all' | 'some' | 'none';
  onTogglePage: () => void;
  renderActions: (subscriber: Subscriber) => ReactNode;
  loading: boolean;
  /** Skeleton rows to show while there are no rows yet (the first load). */
  skeletonRows: number;
};

export function SubscriberTable(props: SubscriberTableProps) {
  const virtual = props.rows.length > VIRTUALIZE_FROM;
  return virtual ? <VirtualTable {...props} /> : <PlainTable {...props} />;
}

function PlainTable(props: SubscriberTableProps) {
  const { rows, skeletonRows, columns } = props;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Frame {...props}>
        <Table.Tbody>
          {skeletonRows > 0 && rows.length === 0
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={columns.length + 3}>
                    <Skeleton height={16} />
                  </Table.Td>
                </Table.Tr>
              ))
            : rows.map((s, i) => <Row key={s.id} {...props} subscriber={s} index={i} />)}
        </Table.Tbody>
      </Frame>
    </Table.ScrollContainer>
  );
}

function VirtualTable(props: SubscriberTableProps) {
  const { rows, columns } = props;
  const rowCount = rows.length;
  const scrollRef = useRef<HTMLDivElement>(null);
  // Its functions change every render, so this component is not auto-memoized; it need not be.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (i) => rows[i]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const span = columns.length + 3;
  return (
    <div
      ref={scrollRef}
      style={{ maxHeight: '70vh', overflow: 'auto' }}
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={plural(rowCount, {
        one: '# row, scroll to see more',
        other: '# rows, scroll to see more',
      })}
    >
      <Frame {...props} sticky>
        <Table.Tbody>
          {top > 0 && <Spacer height={top} span={span} />}
          {items.map((item) => (
            <Row
              key={item.key}
              {...props}
              subscriber={rows[item.index]!}
              index={item.index}
              measureRef={virtualizer.measureElement}
            />
          ))}
          {bottom > 0 && <Spacer height={bottom} span={span} />}
        </Table.Tbody>
      </Frame>
    </div>
  );
}

const Spacer = ({ height, span }: { height: number; span: number }) => (
  <tr aria-hidden>
    <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
  </tr>
);

function Frame({
  children,
  sticky = false,
  ...props
}: SubscriberTableProps & { children: ReactNode; sticky?: boolean }) {
  const { t } = useLingui();
  const { columns, emailField, ordering, onSort, pageSelection, onTogglePage, rows, loading } =
    props;
  return (
    <Table
      aria-label={t`Subscribers`}
      aria-busy={loading}
      aria-rowcount={rows.length + 1}
      highlightOnHover
      verticalSpacing="xs"
      stickyHeader={sticky}
    >
      <Table.Thead>
        <Table.Tr aria-rowindex={1}>
          <Table.Th w={40}>
            <Checkbox
              aria-label={t`Select all on this page`}
              checked={pageSelection === 'all'}
              indeterminate={pageSelection === 'some'}
              onChange={onTogglePage}
              disabled={rows.length === 0}
            />
          </Table.Th>
          <HeaderCell field={emailField} label={t`Email`} ordering={ordering} onSort={onSort} />
          {columns.map((f) => (
            <HeaderCell
              key={f.name}
              field={f}
              label={fieldLabel(f)}
              ordering={ordering}
              onSort={onSort}
            />
          ))}
          <Table.Th w={48}>
            <VisuallyHidden>
              <Trans>Actions</Trans>
            </VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      {children}
    </Table>
  );
}

function Row({
  subscriber: s,
  index,
  columns,
  basePath,
  isSelected,
  onToggle,
  renderActions,
  measureRef,
}: SubscriberTableProps & {
  subscriber: Subscriber;
  index: number;
  measureRef?: Ref<HTMLTableRowElement>;
}) {
  const { t } = useLingui();
  const selected = isSelected(s.id);
  const email = s.email;
  return (
    <Table.Tr
      ref={measureRef}
      data-index={index}
      aria-rowindex={index + 2}
      aria-selected={selected}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Table.Td>
        <Checkbox aria-label={t`Select ${email}`} checked={selected} onChange={() => onToggle(s)} />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`${basePath}/${s.id}`} fz="sm" fw={500}>
          {s.email}
        </Anchor>
      </Table.Td>
      {columns.map((f) => (
        <Table.Td key={f.name}>
          {f.name === 'subscription' ? (
            <StateBadge state={s.subscription} />
          ) : (
            <Text size="sm" lineClamp={1}>
              {displayValue(f, s[f.name])}
            </Text>
          )}
        </Table.Td>
      ))}
      <Table.Td>{renderActions(s)}</Table.Td>
    </Table.Tr>
  );
}
