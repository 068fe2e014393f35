import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Command } from 'cmdk';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { userQueries, userSearchQuery } from '#shared/queries/user-queries.ts';
import { useDebouncedValue } from '#shared/hooks/use-debounced-value.ts';
import { displayStatus } from '@aurum/domain/orders/order-status';
import { getOrder } from '../../features/orders/api/get-order.ts';
import { NAV_ITEMS } from './nav-items.ts';

/** Screens the palette jumps to besides the sidebar's entries (sidebar namespace keys are reused where they exist). */
const MORE_SCREENS = [
  { key: 'createUser', to: '/account/user/create' },
  { key: 'createAdmin', to: '/account/admin/create' },
  { key: 'createOrder', to: '/order/create' },
  { key: 'createRequest', to: '/asset/create' },
  { key: 'manualPrice', to: '/system/price' },
] as const;

const ITEM = 'flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm text-slate-800 data-[selected=true]:bg-primary-soft data-[selected=true]:text-primary-soft-foreground';
const GROUP = '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-600';

const idOf = (text: string): number | null => {
  const m = /^#?(\d{1,15})$/.exec(text.trim());
  const n = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * The command palette (Ctrl/Cmd+K, decision 0716): jumps to any screen, and to a user (by id, username,
 * name or e-mail) or an order (by id; a user's orders by username), searching the server as one
 * types.
 */
export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation(['shell', 'sidebar']);
  const navigate = useNavigate();
  // an order's status reads as on the order screens ("Completed", not PAID): their namespace is
  // loaded when the palette first opens, not with every page
  const [orderLabels, setOrderLabels] = useState(() => i18n.hasLoadedNamespace('order'));
  useEffect(() => {
    if (open && !orderLabels) void i18n.loadNamespaces('order').then(() => setOrderLabels(true));
  }, [open, orderLabels, i18n]);
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim(), 200);
  const orderId = idOf(typed);
  const users = useQuery({ ...userQueries.list(userSearchQuery(typed, 1)), enabled: open && typed !== '', placeholderData: undefined });
  const order = useQuery({
    queryKey: ['palette', 'order', orderId],
    queryFn: ({ signal }) => getOrder(orderId!, signal),
    enabled: open && orderId !== null,
    retry: false,
  });
  // cmdk's dialog takes no onCloseAutoFocus and Radix, without a trigger, leaves the keyboard on the
  // page's body: it goes back to what opened the palette (the top bar's button, a field) once closed
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }, [open]);
  const close = () => {
    onOpenChange(false);
    const back = opener.current;
    opener.current = null;
    // after the dialog's own unmount focus handling
    if (back) setTimeout(() => back.isConnected && back.focus(), 0);
  };
  const go = (to: string) => {
    // a jump: the keyboard starts on the new page, not back on the opener
    opener.current = null;
    onOpenChange(false);
    setText('');
    void navigate(to);
  };
  const searching = typed !== '' && (users.isFetching || order.isFetching || typed !== text.trim());
  const foundUsers = typed === '' ? [] : (users.data?.items.slice(0, 6) ?? []);

  return (
    <Command.Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else {
          close();
          setText('');
        }
      }}
      label={t('shell:palette.label')}
      loop
      data-testid="command-palette"
      overlayClassName="fixed inset-0 z-40 bg-slate-900/50"
      contentClassName="fixed top-[12vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl outline-none"
    >
      <Dialog.Title className="sr-only">{t('shell:palette.label')}</Dialog.Title>
      <Dialog.Description className="sr-only">{t('shell:palette.description')}</Dialog.Description>
      <Command.Input
        value={text}
        onValueChange={setText}
        placeholder={t('shell:palette.placeholder')}
        aria-label={t('shell:palette.label')}
        className="block w-full border-b border-slate-200 bg-transparent px-4 py-3 text-base text-slate-900 placeholder:text-slate-600 focus:outline-none"
      />
      <Command.List className="max-h-[60vh] overflow-y-auto p-2">
        {searching ? <Command.Loading label={t('shell:palette.searching')}>
            <p className="px-3 py-2 text-sm text-slate-600">{t('shell:palette.searching')}</p>
          </Command.Loading> : null}
        <Command.Empty className="px-3 py-6 text-center text-sm text-slate-600">{t('shell:palette.noResults')}</Command.Empty>
        {order.data ? (
          <Command.Group heading={t('shell:palette.orders')} className={GROUP}>
            <Command.Item value={`order ${order.data.id} ${typed}`} onSelect={() => go(`/order/${order.data.id}`)} className={ITEM} data-testid="palette-order">
              <span>{t('shell:palette.order', { id: order.data.id })}</span>
              <span className="text-xs text-slate-600">
                {order.data.username} · {order.data.pair} ·{' '}
                {orderLabels ? t(`order:status.${displayStatus(order.data.status, order.data.order.interestStartAt, new Date())}`, { defaultValue: order.data.status }) : order.data.status}
              </span>
            </Command.Item>
          </Command.Group>
        ) : null}
        {foundUsers.length > 0 ? (
          <Command.Group heading={t('shell:palette.users')} className={GROUP}>
            {foundUsers.map((user) => (
              <Command.Item
                key={`user-${user.id}`}
                value={`user ${user.id} ${user.username} ${user.firstName} ${user.lastName} ${user.email} ${typed}`}
                onSelect={() => go(`/account/user/${user.id}`)}
                className={ITEM}
              >
                <span>
                  {user.username} <span className="text-slate-600">#{user.id}</span>
                </span>
                <span className="truncate text-xs text-slate-600">
                  {user.firstName} {user.lastName}
                </span>
              </Command.Item>
            ))}
            {foundUsers.slice(0, 2).map((user) => (
              <Command.Item
                key={`orders-${user.id}`}
                value={`orders of ${user.username} ${typed}`}
                onSelect={() => go(`/order/?orderMode=th&userCondition=UserName&userInput=${encodeURIComponent(user.username)}`)}
                className={ITEM}
              >
                <span>{t('shell:palette.ordersOf', { username: user.username })}</span>
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
        <Command.Group heading={t('shell:palette.screens')} className={GROUP}>
          {NAV_ITEMS.map((item) => (
            <Command.Item key={item.key} value={`screen ${t(`sidebar:${item.key}`)} ${item.to}`} onSelect={() => go(item.to)} className={ITEM}>
              {t(`sidebar:${item.key}`)}
            </Command.Item>
          ))}
          {MORE_SCREENS.map((screen) => (
            <Command.Item key={screen.key} value={`screen ${t(`shell:palette.screen.${screen.key}`)} ${screen.to}`} onSelect={() => go(screen.to)} className={ITEM}>
              {t(`shell:palette.screen.${screen.key}`)}
            </Command.Item>
          ))}
        </Command.Group>
      </Command.List>
    </Command.Dialog>
  );
}
