import type { ReactNode } from 'react';
import { formatDecimal } from '#shared/format/number.ts';
import { Card } from '#shared/ui/card.tsx';
import { DetailList, type DetailItem } from '#shared/ui/detail-list.tsx';

/** A figure with its unit, '-' when there is none. */
export const money = (value: string | null | undefined, unit: string, decimals = 2) => (value === null || value === undefined ? '-' : `${formatDecimal(value, decimals)} ${unit}`);

export function Failure({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {text}
    </p>
  );
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card>
      <div data-testid={testId}>
        <h2 className="mb-4 text-base font-semibold text-slate-900">{title}</h2>
        {children}
      </div>
    </Card>
  );
}

/** A section that lists label and value pairs. */
export function DetailSection({ title, items, columns = 2, testId }: { title: string; items: readonly DetailItem[]; columns?: 1 | 2 | 3; testId?: string }) {
  return (
    <Section title={title} testId={testId}>
      <DetailList items={items} columns={columns} />
    </Section>
  );
}
