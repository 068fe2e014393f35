import type { ReactNode } from 'react';

export interface DetailItem {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
}

/** Label and value pairs in a responsive grid (detail screens). */
export function DetailList({ items, columns = 2 }: { items: readonly DetailItem[]; columns?: 1 | 2 | 3 }) {
  const grid = columns === 3 ? 'sm:grid-cols-2 lg:grid-cols-3' : columns === 2 ? 'sm:grid-cols-2' : '';
  return (
    <dl className={`grid grid-cols-1 gap-x-8 gap-y-4 ${grid}`}>
      {items.map((item, index) => (
        <div key={index} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{item.label}</dt>
          <dd className="mt-1 text-sm break-words text-slate-900" data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
