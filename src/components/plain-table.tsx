import type { ComponentProps } from 'react';
import classes from './plain-table.module.css';

/**
 * A styled HTML table that scrolls sideways when narrow. Mantine's Table would do, but it
 * drags its ScrollArea and the floating-ui library into every screen with a table.
 */
export function PlainTable({
  minWidth,
  className,
  ...props
}: ComponentProps<'table'> & { minWidth?: number }) {
  return (
    <div className={classes.scroll}>
      <table
        className={className ? `${classes.table} ${className}` : classes.table}
        style={minWidth ? { minWidth } : undefined}
        {...props}
      />
    </div>
  );
}
