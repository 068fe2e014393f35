import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { TabList } from '#shared/ui/tab-list.tsx';
import { CreateOrderOffline } from './create-order-offline.tsx';
import { AFTER_CREATE } from './create-order-fields.tsx';
import { CreateOrderOnline } from './create-order-online.tsx';

type Kind = 'online' | 'offline';

/**
 * Create Order (/order/create): Online (market or limit, with the live preview) and Offline
 * (customised prices). `?kind=offline` opens the offline form, `?userId=` picks the user (the
 * user page's New order). Each form keeps what was typed while the other tab is shown.
 */
export function CreateOrderPage() {
  const { t } = useTranslation(['order', 'common']);
  const navigate = useNavigate();
  const from = usePreviousPath();
  const [query, setQuery] = useSearchParams();
  const kind: Kind = query.get('kind') === 'offline' ? 'offline' : 'online';
  const initialUserId = /^\d+$/.test(query.get('userId') ?? '') ? query.get('userId')! : '';
  const back = from ?? AFTER_CREATE;
  const pick = (next: Kind) => {
    const q = new URLSearchParams(query);
    if (next === 'offline') q.set('kind', 'offline');
    else q.delete('kind');
    setQuery(q, { replace: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('order:create')} back={back} />
      <TabList
        label={t('order:createForm.kind')}
        tabs={(['online', 'offline'] as const).map((k) => ({ value: k, label: t(`order:createForm.${k}`) }))}
        value={kind}
        onChange={pick}
      />
      {/* both forms stay mounted: switching tabs keeps what was typed in each */}
      <div role="tabpanel" hidden={kind !== 'online'}>
        <CreateOrderOnline initialUserId={initialUserId} onCancel={() => void navigate(back)} />
      </div>
      <div role="tabpanel" hidden={kind !== 'offline'}>
        <CreateOrderOffline initialUserId={initialUserId} onCancel={() => void navigate(back)} />
      </div>
    </div>
  );
}
