import { useLingui } from '@lingui/react/macro';
import { IconChevronLeft, IconChevronRight, IconDots, IconSelector } from '@tabler/icons-react';
import { pageRange, PAGE_SIZES } from './table-params';
import classes from './table-pager.module.css';

/** Rows per page: a native select (no popover library on every table screen). */
export function PageSizeSelect({
  value,
  onChange,
  options = PAGE_SIZES,
}: {
  value: number;
  onChange: (pageSize: number) => void;
  /** The sizes offered; a screen with virtualized rows offers larger ones. */
  options?: readonly number[];
}) {
  const { t } = useLingui();
  // A size typed into the URL (page_size=30) stays selectable rather than showing 10.
  const sizes = options.includes(value) ? options : [...options, value].sort((a, b) => a - b);
  return (
    <span className={classes.selectWrap}>
      <select
        aria-label={t`Rows per page`}
        className={classes.select}
        value={value}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <IconSelector size={14} className={classes.chevron} aria-hidden />
    </span>
  );
}

/** Previous, the pages around the current one (1 … 4 5 6 … 10), next. */
export function Pager({
  total,
  page,
  onChange,
}: {
  total: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useLingui();
  return (
    <ul className={classes.pages}>
      <li>
        <button
          type="button"
          className={classes.control}
          aria-label={t`Previous page`}
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
        >
          <IconChevronLeft size={14} stroke={2} aria-hidden />
        </button>
      </li>
      {pageRange(total, page).map((p, i) => (
        <li key={p === 'dots' ? `dots-${i}` : p}>
          {p === 'dots' ? (
            <span className={classes.dots} aria-hidden>
              <IconDots size={14} stroke={2} />
            </span>
          ) : (
            <button
              type="button"
              className={classes.control}
              aria-label={t`Page ${p}`}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onChange(p)}
            >
              {p}
            </button>
          )}
        </li>
      ))}
      <li>
        <button
          type="button"
          className={classes.control}
          aria-label={t`Next page`}
          disabled={page >= total}
          onClick={() => onChange(page + 1)}
        >
          <IconChevronRight size={14} stroke={2} aria-hidden />
        </button>
      </li>
    </ul>
  );
}
