import { z } from 'zod';
import type { Permission } from '../access/permissions.ts';
import { REQUEST_ACTIONS, REQUEST_NOTE_MAX, REQUEST_TYPES, type RequestAction } from '../assets/request-schemas.ts';
import { idField } from '../money/decimal-columns.ts';
import { Decimal } from '../money/decimal.ts';
import { ValidationMessage } from '../validation/rules.ts';
import { emptyToUndefined } from '../validation/preprocess.ts';

/**
 * The checker inbox (decisions 0540, 1046): everything awaiting a
 * maker-checker decision, across all users, oldest first. Payment requests keep their action as
 * their kind; a bank account awaiting approval is `bankAccount`; the finance desk's are `adjustment`,
 * `monthClose`, `yearClose` and `dayReopen`.
 */
export const FINANCE_INBOX_KINDS = ['adjustment', 'monthClose', 'yearClose', 'dayReopen'] as const;
export type FinanceInboxKind = (typeof FINANCE_INBOX_KINDS)[number];
export const INBOX_KINDS = [...REQUEST_ACTIONS, 'bankAccount', ...FINANCE_INBOX_KINDS] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_DECISIONS = ['approve', 'decline'] as const;
export type InboxDecision = (typeof INBOX_DECISIONS)[number];

/** At most this many items per decide call. */
export const INBOX_MAX_ITEMS = 200;
/** At most this many bytes of receipts per decide call (each receipt stays under RECEIPT_MAX_BYTES). */
export const INBOX_MAX_RECEIPT_BYTES = 100 * 1024 * 1024;

export const isRequestKind = (kind: InboxKind): kind is RequestAction => (REQUEST_ACTIONS as readonly string[]).includes(kind);
export const isFinanceKind = (kind: InboxKind): kind is FinanceInboxKind => (FINANCE_INBOX_KINDS as readonly string[]).includes(kind);

/** What deciding a finance item needs: the permission of its single-item route. */
const FINANCE_PERMISSION: Record<FinanceInboxKind, Permission> = {
  adjustment: 'approveLedgerAdjustment',
  monthClose: 'closeBusinessDay',
  yearClose: 'closeBusinessDay',
  dayReopen: 'reopenBusinessDay',
};

const cap = (a: RequestAction) => `${a[0]!.toUpperCase()}${a.slice(1)}` as 'Deposit' | 'Withdrawal' | 'Transfer';

/** The permission a decision on an item of that kind needs: the single-item route's own. */
export function decidePermission(kind: InboxKind, decision: InboxDecision): Permission {
  if (kind === 'bankAccount') return decision === 'approve' ? 'approveBankInfo' : 'declineBankInfo';
  if (isFinanceKind(kind)) return FINANCE_PERMISSION[kind];
  return `${decision}${cap(kind)}Request` as Permission;
}

/** Approving a payment request needs the verified receipt (as its single-item route); a bank account needs none. */
export const needsReceipt = (kind: InboxKind, decision: InboxDecision): boolean => decision === 'approve' && isRequestKind(kind);

/** The multipart field of an item's receipt: `receipt.{kind}.{id}` (e.g. receipt.deposit.42). */
export const receiptFieldOf = (item: { kind: InboxKind; id: number }): string => `receipt.${item.kind}.${item.id}`;
export const RECEIPT_FIELD_PATTERN = /^receipt\.([A-Za-z]+)\.(\d+)$/;

const Party = z.object({ id: z.number().int(), username: z.string() });

/** One item of the inbox. */
export const InboxItem = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.number().int(),
  createdAt: z.string(),
  /** Username of the admin who submitted it (the maker). */
  submittedBy: z.string().nullable(),
  submittedById: z.number().int().nullable(),
  /** The user it is about (a transfer's sender); null for the finance desk's items (house books, periods). */
  user: Party.nullable(),
  /** A transfer's receiving user. */
  receiver: Party.nullable(),
  /** Payment requests: MYR or XAU; bank accounts: null. */
  type: z.enum(REQUEST_TYPES).nullable(),
  /** MYR with 2 decimals, else null. */
  amount: z.string().nullable(),
  /** XAU grams with 4 decimals, else null. */
  quantity: z.string().nullable(),
  note: z.string().nullable(),
  /** A bank account's details, else null. */
  bank: z.object({ bankName: z.string(), accountOwner: z.string(), accountNumber: z.string() }).nullable(),
  /** A finance item: what it posts (per unit), its value date or period, its reason and what approving it would do. */
  finance: z
    .object({
      postings: z.array(z.object({ from: z.string(), to: z.string(), asset: z.string(), amount: z.string() })),
      /** An adjustment's value date, a close's period or the day a reopening starts from. */
      date: z.string().nullable(),
      reason: z.string().nullable(),
      evidence: z.boolean(),
      /** A reopening's days and months, or why it cannot be approved now. */
      reopensDays: z.array(z.string()),
      reopensMonths: z.array(z.string()),
      refusal: z.string().nullable(),
    })
    .nullable(),
  /** Whether the signed-in admin may decide it (not its submitter: maker-checker). */
  mayDecide: z.boolean(),
});
export type InboxItem = z.infer<typeof InboxItem>;


/** How deep the inbox pages go: page x limit at most this (a queue that long is worked from its oldest end). */
export const INBOX_MAX_DEPTH = 10_000;

/** GET inbox: a page of the items, oldest first (limit up to INBOX_MAX_ITEMS, default 50; page x limit up to INBOX_MAX_DEPTH); kind filters. */
export const InboxQuery = z
  .object({
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(INBOX_MAX_DEPTH).default(1)),
    limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(INBOX_MAX_ITEMS).default(50)),
    kind: z.preprocess(emptyToUndefined, z.enum(INBOX_KINDS).optional()),
  })
  .refine((q) => q.page * q.limit <= INBOX_MAX_DEPTH, { path: ['page'], message: 'tooDeep' });
export type InboxQuery = z.infer<typeof InboxQuery>;

/** The inbox page: `total` items listed (this filter), `decidable` of them this admin may decide (the badge). */
export const InboxPage = z.object({
  items: z.array(InboxItem),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  decidable: z.number().int(),
});
export type InboxPage = z.infer<typeof InboxPage>;

/** GET inbox/count: the sidebar badge. */
export const InboxCount = z.object({ total: z.number().int(), decidable: z.number().int() });
export type InboxCount = z.infer<typeof InboxCount>;

export const InboxItemRef = z.object({ kind: z.enum(INBOX_KINDS), id: idField });
export type InboxItemRef = z.infer<typeof InboxItemRef>;

/** The `items` form field: a JSON array of {kind, id}, 1 to INBOX_MAX_ITEMS of them, none twice. */
export const InboxItemsField = z
  .string()
  .max(64 * 1024)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'json' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(InboxItemRef)
      .min(1)
      .max(INBOX_MAX_ITEMS)
      .refine((items) => new Set(items.map((i) => `${i.kind}.${i.id}`)).size === items.length, { message: 'duplicate' }),
  )
  .meta({ type: 'string', description: `A JSON array of {kind, id}: 1 to ${INBOX_MAX_ITEMS} items, none twice` });

/** The text fields of POST inbox/decide (multipart: the receipts are files named by receiptFieldOf). */
export const InboxDecideFields = z.object({
  decision: z.enum(INBOX_DECISIONS),
  items: InboxItemsField,
  /** Decline: one reason for every item (optional, as on the single-item routes); refused with approve. */
  reason: z.preprocess(emptyToUndefined, z.string().max(REQUEST_NOTE_MAX, { error: ValidationMessage.maxLength }).optional()),
});
export type InboxDecideFields = z.infer<typeof InboxDecideFields>;

export const InboxResult = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.number().int(),
  ok: z.boolean(),
  /** The error code of a refused item (as its single-item route would answer), else absent. */
  code: z.number().int().optional(),
  context: z.string().nullable().optional(),
});
export type InboxResult = z.infer<typeof InboxResult>;

export const InboxDecideAnswer = z.object({ results: z.array(InboxResult) });
export type InboxDecideAnswer = z.infer<typeof InboxDecideAnswer>;

/** One kind's share of a selection: its items, and its MYR and XAU grams (null when none of them carries one). */
export interface InboxKindTotal {
  kind: InboxKind;
  count: number;
  MYR: string | null;
  XAU: string | null;
}

/**
 * Totals of a selection, per kind and never across kinds: a deposit brings money in, a withdrawal
 * sends it out and a transfer moves it between users, so one sum of the three means nothing.
 * Exact decimals; the kinds in catalogue order.
 */
export interface InboxTotals {
  count: number;
  kinds: InboxKindTotal[];
}

export function inboxTotals(items: readonly Pick<InboxItem, 'kind' | 'amount' | 'quantity'>[]): InboxTotals {
  const byKind = new Map<InboxKind, { count: number; myr: Decimal | null; xau: Decimal | null }>();
  for (const item of items) {
    const t = byKind.get(item.kind) ?? { count: 0, myr: null, xau: null };
    t.count += 1;
    if (item.amount !== null) t.myr = (t.myr ?? new Decimal(0)).plus(item.amount);
    if (item.quantity !== null) t.xau = (t.xau ?? new Decimal(0)).plus(item.quantity);
    byKind.set(item.kind, t);
  }
  const kinds = INBOX_KINDS.filter((k) => byKind.has(k)).map((kind) => {
    const t = byKind.get(kind)!;
    return { kind, count: t.count, MYR: t.myr?.toFixed(2) ?? null, XAU: t.xau?.toFixed(4) ?? null };
  });
  return { count: items.length, kinds };
}
