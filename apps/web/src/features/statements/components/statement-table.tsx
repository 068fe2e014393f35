import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { kindLabel } from '@aurum/domain/statements/statement-labels';
import type { StatementAnswer, StatementLanguage } from '@aurum/domain/statements/statement-schemas';
import { formatDecimal } from '#shared/format/number.ts';
import { formatDateTime } from '#shared/format/display.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';

/** A table line: the opening, an entry, or the closing (whose movement is the month's sum). */
interface Line {
  key: string;
  at: string | null;
  description: string;
  reference: string;
  movement: StatementAnswer['movements'] | null;
  balance: StatementAnswer['closing'];
}

/** The statement's lines with running balances of MYR and gold owned and their held parts. */
export function StatementTable({ statement }: { statement: StatementAnswer }) {
  const { t, i18n } = useTranslation(['statements']);
  const lang: StatementLanguage = (i18n.resolvedLanguage ?? i18n.language) === 'zh-Hant' ? 'zh-Hant' : 'en';
  const columns = useMemo<Column<Line>[]>(() => {
    const figure = (key: string, header: string, read: (l: Line) => string | null, scale: number): Column<Line> => ({
      key,
      header,
      className: 'text-right tabular-nums',
      cell: (l) => {
        const value = read(l);
        return value === null ? '' : formatDecimal(value, scale);
      },
    });
    return [
      { key: 'at', header: t('statements:columns.date'), cell: (l) => (l.at ? formatDateTime(l.at) : '') },
      { key: 'description', header: t('statements:columns.description'), cell: (l) => l.description },
      { key: 'reference', header: t('statements:columns.reference'), cell: (l) => l.reference },
      figure('myr', t('statements:columns.myr'), (l) => l.movement?.myr ?? null, 2),
      figure('myrBalance', t('statements:columns.myrBalance'), (l) => l.balance.myr, 2),
      figure('heldMyr', t('statements:columns.heldMyr'), (l) => l.balance.heldMyr, 2),
      figure('grams', t('statements:columns.grams'), (l) => l.movement?.grams ?? null, 4),
      figure('gramsBalance', t('statements:columns.gramsBalance'), (l) => l.balance.grams, 4),
      figure('heldGrams', t('statements:columns.heldGrams'), (l) => l.balance.heldGrams, 4),
    ];
  }, [t]);
  const lines: Line[] = [
    { key: 'opening', at: null, description: t('statements:opening'), reference: '', movement: null, balance: statement.opening },
    ...statement.lines.map((l) => ({
      key: String(l.entryId),
      at: l.at,
      description: kindLabel(lang, l.kind),
      reference: l.orderId !== null ? t('statements:order', { id: l.orderId }) : l.requestId !== null ? t('statements:request', { id: l.requestId }) : '',
      movement: l.movement,
      balance: l.balance,
    })),
    { key: 'closing', at: null, description: t('statements:closing'), reference: '', movement: statement.movements, balance: statement.closing },
  ];
  return <DataTable label={t('statements:tableLabel')} testId="statement-table" columns={columns} rows={lines} rowKey={(l) => l.key} />;
}
