import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TREASURY_METALS } from '@aurum/domain/treasury/treasury-metals';
import { BAR_STATUSES } from '@aurum/domain/vault/bar-rules';
import type { VaultView } from '@aurum/domain/vault/vault-schemas';
import { patchQuery } from '#shared/list/list-query.ts';
import type { ListQuery } from '#shared/list/use-list-query.ts';
import { Button } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { Select } from '#shared/ui/select.tsx';
import { TextField } from '#shared/ui/text-field.tsx';

/** The bar list's filters, as they are named in the address. */
export const BAR_FILTERS = ['metal', 'vaultId', 'status', 'serial'] as const;
type BarFilter = (typeof BAR_FILTERS)[number];

/** The bars' search: the filters in the address, then its page and page size. */
export function barSearch(list: ListQuery): string {
  const filters = BAR_FILTERS.flatMap((name) => (list.query.get(name) ? [[name, list.query.get(name)!]] : []));
  return new URLSearchParams([...filters, ['page', String(list.page)], ['limit', String(list.limit)]]).toString();
}

/** The filter form of the bar list: a change goes to the address and back to page 1. */
export function BarFilters({ list, vaults }: { list: ListQuery; vaults: readonly VaultView[] }) {
  const { t } = useTranslation('treasury-vault');
  const filter = (name: BarFilter) => list.query.get(name) ?? '';
  const setFilter = (name: BarFilter, value: string) => list.setQuery(patchQuery(list.query, { [name]: value, page: null }));
  const allOption = { value: '', label: t('filters.all') };
  return (
    <Card className="p-4">
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const serial = new FormData(e.currentTarget).get('serial');
          setFilter('serial', typeof serial === 'string' ? serial.trim() : '');
        }}
      >
        <Select
          label={t('filters.metal')}
          options={[allOption, ...TREASURY_METALS.map((m) => ({ value: m, label: t(`metals.${m}`) }))]}
          value={filter('metal')}
          onChange={(v) => setFilter('metal', v)}
        />
        <Select label={t('filters.vault')} options={[allOption, ...vaults.map((v) => ({ value: String(v.id), label: v.code }))]} value={filter('vaultId')} onChange={(v) => setFilter('vaultId', v)} />
        <Select
          label={t('filters.status')}
          options={[allOption, ...BAR_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
          value={filter('status')}
          onChange={(v) => setFilter('status', v)}
        />
        {/* back and forward change the address: the typed serial starts again from it */}
        <SerialField key={filter('serial')} initial={filter('serial')} />
        <div className="flex items-end">
          <Button type="submit" variant="secondary" data-testid="vault-search">
            {t('filters.search')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SerialField({ initial }: { initial: string }) {
  const { t } = useTranslation('treasury-vault');
  const [text, setText] = useState(initial);
  return <TextField label={t('filters.serial')} name="serial" value={text} maxLength={40} onChange={(e) => setText(e.target.value)} />;
}
