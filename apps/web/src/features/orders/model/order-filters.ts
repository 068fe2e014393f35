import { multiValues } from '#shared/list/filter-field.ts';
import { DISPLAY_STATUSES, ORDER_MODES, statusesForFilter, type DisplayStatus, type OrderMode, type OrderStatus } from '@aurum/domain/orders/order-status';
import { isDecimalText } from '@aurum/domain/money/decimal';
import { stripSeparators } from '#shared/format/number.ts';

export interface FilterVariables {
  userCondition?: 'UserId' | 'UserName';
  userInput?: string;
  action?: 'Buy' | 'Sell';
  orderId?: number;
  status?: string[];
  orderType?: 'OffLine' | 'Market' | 'Limit';
  createdAfter?: string;
  createdBefore?: string;
  filledAt?: string[];
  goodTillDate?: string[];
  symbol?: string;
  currency?: 'Myr' | 'Usd';
  quantity?: string;
}

/** The filters of the order list, by their name in the URL query. */
export const ORDER_FILTERS = [
  'userCondition',
  'userInput',
  'action',
  'orderId',
  'status',
  'orderType',
  'createdAfter',
  'createdBefore',
  'filledAt',
  'goodTillDate',
  'symbol',
  'currency',
  'quantity',
] as const;

/** CREATED -> Created: the GraphQL enum's spelling. */
export const statusEnum = (status: OrderStatus) => `${status[0]}${status.slice(1).toLowerCase()}`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TYPE_ENUM = { market: 'Market', limit: 'Limit', offline: 'OffLine' } as const;

/**
 * The connection's filter variables from the URL query: a display-status filter maps back to
 * server statuses (SPEC.md §4), the list's mode limits the statuses (tr open, th closed);
 * unreadable values are left out.
 */
export function filterVariables(query: Pick<URLSearchParams, 'get'>, mode: OrderMode | null): FilterVariables {
  const get = (key: string) => {
    const v = query.get(key)?.trim();
    return v ? v : null;
  };
  const out: FilterVariables = {};
  const input = get('userInput');
  if (input) {
    out.userCondition = get('userCondition') === 'UserId' ? 'UserId' : 'UserName';
    out.userInput = input;
  }
  const action = get('action');
  if (action === 'buy' || action === 'sell') out.action = action === 'buy' ? 'Buy' : 'Sell';
  const orderId = get('orderId');
  if (orderId && /^\d{1,15}$/.test(orderId)) out.orderId = Number(orderId);
  const modeStatuses: readonly OrderStatus[] | null = mode ? ORDER_MODES[mode] : null;
  // any number of display statuses ("completed,overdue"); the unreadable ones are left out
  const display = multiValues(get('status')).filter((d): d is DisplayStatus => (DISPLAY_STATUSES as readonly string[]).includes(d));
  let statuses: OrderStatus[] | null = modeStatuses ? [...modeStatuses] : null;
  if (display.length > 0) {
    const wanted = statusesForFilter(display);
    statuses = modeStatuses ? wanted.filter((s) => modeStatuses.includes(s)) : wanted;
  }
  if (statuses) out.status = statuses.map(statusEnum);
  const type = get('orderType');
  if (type && type in TYPE_ENUM) out.orderType = TYPE_ENUM[type as keyof typeof TYPE_ENUM];
  for (const key of ['createdAfter', 'createdBefore'] as const) {
    const v = get(key);
    if (v && DATE.test(v)) out[key] = v;
  }
  for (const key of ['filledAt', 'goodTillDate'] as const) {
    const v = get(key);
    if (v && DATE.test(v)) out[key] = [v];
  }
  const symbol = get('symbol');
  if (symbol === 'XAU/MYR' || symbol === 'XAU/USD') out.symbol = symbol;
  const currency = get('currency');
  if (currency === 'MYR' || currency === 'USD') out.currency = currency === 'MYR' ? 'Myr' : 'Usd';
  const quantity = stripSeparators(get('quantity') ?? '');
  if (quantity && isDecimalText(quantity)) out.quantity = quantity;
  return out;
}

