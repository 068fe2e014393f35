import type { StatementLanguage } from './statement-schemas.ts';

/**
 * The words of a statement document (the PDF) in each language it is printed in. The console has its
 * own in its locales; the server prints from these.
 */
export interface StatementLabels {
  title: string;
  customer: string;
  period: string;
  generated: string;
  opening: string;
  closing: string;
  movements: string;
  date: string;
  description: string;
  reference: string;
  myr: string;
  grams: string;
  heldMyr: string;
  heldGrams: string;
  credit: string;
  balance: string;
  order: string;
  request: string;
  noMovements: string;
  timeZone: string;
  page: string;
  number: string;
  registration: string;
  /** The mark of a statement whose period has not ended, on every page. */
  interim: string;
  cutOff: string;
  valuation: string;
  metal: string;
  unitPrice: string;
  value: string;
  total: string;
  unpriced: string;
  /** What a journal entry's kind reads as; an unknown kind prints as it is. */
  kinds: Record<string, string>;
}

export const STATEMENT_LABELS: Record<StatementLanguage, StatementLabels> = {
  en: {
    title: 'Customer statement',
    customer: 'Customer',
    period: 'Period',
    generated: 'Generated',
    opening: 'Opening balance',
    closing: 'Closing balance',
    movements: 'Movements',
    date: 'Date',
    description: 'Description',
    reference: 'Reference',
    myr: 'MYR',
    grams: 'Gold (g)',
    heldMyr: 'of which held (MYR)',
    heldGrams: 'of which held (g)',
    credit: 'Credit line available (MYR)',
    balance: 'Balance',
    order: 'Order',
    request: 'Request',
    noMovements: 'No movements in this period.',
    timeZone: 'Times in Asia/Kuala_Lumpur (UTC+08:00)',
    page: 'Page',
    number: 'Statement no.',
    registration: 'Company registration no.',
    interim: 'INTERIM STATEMENT',
    cutOff: 'Figures as at',
    valuation: 'Metal held at the closing mid price',
    metal: 'Metal',
    unitPrice: 'Mid price (MYR/g)',
    value: 'Value (MYR)',
    total: 'Total',
    unpriced: 'no closing price',
    kinds: {
      'order.fill': 'Order filled',
      'order.settle': 'Order settled',
      'order.payment': 'Order payment',
      'order.complete': 'Order completed',
      'order.cancel': 'Order canceled',
      'order.revert': 'Order reverted',
      'request.hold': 'Amount held for a request',
      'request.release': 'Hold released (request declined)',
      'request.deposit': 'Deposit',
      'request.withdrawal': 'Withdrawal',
      'request.transfer': 'Transfer',
      deposit: 'Deposit',
    },
  },
  'zh-Hant': {
    title: '客戶結單',
    customer: '客戶',
    period: '期間',
    generated: '產生時間',
    opening: '期初餘額',
    closing: '期末餘額',
    movements: '變動',
    date: '日期',
    description: '說明',
    reference: '參考',
    myr: '令吉',
    grams: '黃金（克）',
    heldMyr: '其中凍結（令吉）',
    heldGrams: '其中凍結（克）',
    credit: '可用信用額度（令吉）',
    balance: '餘額',
    order: '訂單',
    request: '申請',
    noMovements: '此期間沒有變動。',
    timeZone: '時間為吉隆坡時間（UTC+08:00）',
    page: '頁',
    number: '結單編號',
    registration: '公司註冊編號',
    interim: '臨時結單（INTERIM）',
    cutOff: '數字截至',
    valuation: '持有金屬（按期末中間價）',
    metal: '金屬',
    unitPrice: '中間價（令吉／克）',
    value: '價值（令吉）',
    total: '合計',
    unpriced: '無收市價',
    kinds: {
      'order.fill': '訂單成交',
      'order.settle': '訂單交收',
      'order.payment': '訂單付款',
      'order.complete': '訂單完成',
      'order.cancel': '訂單取消',
      'order.revert': '訂單撤回',
      'request.hold': '申請凍結金額',
      'request.release': '解除凍結（申請被拒）',
      'request.deposit': '存款',
      'request.withdrawal': '提款',
      'request.transfer': '轉帳',
      deposit: '存款',
    },
  },
};

/** What a journal entry's kind reads as in a language. */
export const kindLabel = (lang: StatementLanguage, kind: string): string => STATEMENT_LABELS[lang].kinds[kind] ?? kind;
