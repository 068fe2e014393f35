import type { ReactNode } from 'react';

/**
 * A plain table's header row: a cell a label, each with the table's cell classes (`text-right`
 * added over the columns in `numeric`, figures); `extra` after them.
 */
export function TableHead({
  className,
  cellClassName,
  labels,
  numeric = [],
  extra,
}: {
  className: string;
  cellClassName: string;
  labels: readonly ReactNode[];
  /** The indexes of the right-aligned columns. */
  numeric?: readonly number[];
  extra?: ReactNode;
}) {
  return (
    <thead className={className}>
      <tr>
        {labels.map((label, index) => (
          <th key={index} className={numeric.includes(index) ? `${cellClassName} text-right` : cellClassName}>
            {label}
          </th>
        ))}
        {extra}
      </tr>
    </thead>
  );
}
