import { randomUUID } from 'node:crypto';
import { can } from '@aurum/domain/access/permissions';
import type { AdminRole } from '@aurum/domain/access/roles';
import type { AuditAction } from '@aurum/domain/audit/classifications';
import { mayDecide } from '@aurum/domain/access/maker-checker';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import {
  INBOX_KINDS,
  decidePermission,
  isFinanceKind,
  isRequestKind,
  needsReceipt,
  receiptFieldOf,
  type InboxCount,
  type InboxDecision,
  type InboxItem,
  type InboxItemRef,
  type InboxKind,
  type InboxPage,
  type InboxQuery,
  type InboxResult,
} from '@aurum/domain/inbox/inbox-schemas';
import { AppError, forbidden, invalidFormat } from '../../http/app-error.ts';
import type { ProposalKind, ProposalView } from '@aurum/domain/finance/period-schemas';
import { approveAdjustment, countPendingAdjustments, declineAdjustment, pendingAdjustments } from '../finance/ledger-adjustment-service.ts';
import { approveProposal, countProposals, declineProposal, pendingProposals } from '../finance/period-service.ts';
import type { ItemIdentity, ItemRunner } from '../../http/route.ts';
import type { Queryable } from '../../db/db.ts';
import type { EventBus } from '../../live/event-bus.ts';
import {
  approveRequest,
  countPendingRequests,
  declineRequest,
  pendingRequests,
  receiptOf,
  type RequestChange,
  type RequestRow,
} from '../assets/asset-service.ts';
import { countPendingBankAccounts, decideBankById, pendingBankAccounts } from '../bank/bank-service.ts';

/** The admin an inbox is for: its id (maker-checker) and role (which kinds it may decide). */
export interface Checker {
  id: number;
  role: AdminRole;
}

/** The kinds an admin may decide, by the permissions of their single-item routes (approve or decline). */
export function kindsOf(admin: Checker): InboxKind[] {
  return INBOX_KINDS.filter((k) => can(admin, decidePermission(k, 'approve')) || can(admin, decidePermission(k, 'decline')));
}

function requestItem(r: RequestRow, admin: Checker): InboxItem {
  return {
    kind: r.action,
    id: r.id,
    createdAt: r.created_at.toISOString(),
    submittedBy: r.submitter,
    submittedById: r.submitted_by,
    user: { id: r.user_id, username: r.username },
    receiver: r.receiver_user_id !== null ? { id: r.receiver_user_id, username: r.receiver_username ?? '' } : null,
    type: r.type,
    amount: r.amount,
    quantity: r.quantity,
    note: r.note,
    bank: null,
    finance: null,
    mayDecide: mayDecide({ submittedBy: r.submitted_by }, admin.id),
  };
}

type PendingBank = Awaited<ReturnType<typeof pendingBankAccounts>>[number];

function bankItem(b: PendingBank, admin: Checker): InboxItem {
  return {
    kind: 'bankAccount',
    id: b.id,
    createdAt: b.submitted_at.toISOString(),
    submittedBy: b.submitter,
    submittedById: b.submitted_by,
    user: { id: b.user_id, username: b.username },
    receiver: null,
    type: null,
    amount: null,
    quantity: null,
    note: null,
    bank: { bankName: b.bank_name, accountOwner: b.account_owner, accountNumber: b.account_number },
    finance: null,
    mayDecide: mayDecide({ submittedBy: b.submitted_by }, admin.id),
  };
}

/** A pending adjustment as an inbox item: its postings per unit, value date, reason and evidence. */
function adjustmentItem(a: Awaited<ReturnType<typeof pendingAdjustments>>[number], admin: Checker): InboxItem {
  return {
    kind: 'adjustment',
    id: a.id,
    createdAt: a.submittedAt,
    submittedBy: a.submittedBy,
    submittedById: a.submittedById,
    user: null,
    receiver: null,
    type: null,
    amount: null,
    quantity: null,
    note: null,
    bank: null,
    finance: {
      postings: a.postings.map((p) => ({ from: p.from, to: p.to, asset: p.asset, amount: p.amount })),
      date: a.valueDate,
      reason: a.reason,
      evidence: a.evidence,
      reopensDays: [],
      reopensMonths: [],
      refusal: null,
    },
    mayDecide: mayDecide({ submittedBy: a.submittedById }, admin.id),
  };
}

/** A pending close of a month or year, or a reopening, as an inbox item with what approving it would do now. */
function proposalItem(p: ProposalView, admin: Checker): InboxItem {
  return {
    kind: p.kind,
    id: p.id,
    createdAt: p.proposedAt,
    submittedBy: p.proposedBy,
    submittedById: p.proposedById,
    user: null,
    receiver: null,
    type: null,
    amount: null,
    quantity: null,
    note: null,
    bank: null,
    finance: {
      postings: p.effect?.posts ?? [],
      date: p.target,
      reason: p.reason,
      evidence: false,
      reopensDays: p.effect?.reopensDays ?? [],
      reopensMonths: p.effect?.reopensMonths ?? [],
      refusal: p.effect?.refusal ?? null,
    },
    mayDecide: mayDecide({ submittedBy: p.proposedById }, admin.id),
  };
}

const PROPOSAL_KINDS_OF = (kinds: readonly InboxKind[]) => kinds.filter((k): k is ProposalKind => k === 'monthClose' || k === 'yearClose' || k === 'dayReopen');

async function counts(q: Queryable, admin: Checker, kinds: readonly InboxKind[]): Promise<InboxCount> {
  const none = { total: 0, decidable: 0 };
  const parts = [
    await countPendingRequests(q, kinds.filter(isRequestKind), admin.id),
    kinds.includes('bankAccount') ? await countPendingBankAccounts(q, admin.id) : none,
    kinds.includes('adjustment') ? await countPendingAdjustments(q, admin.id) : none,
    await countProposals(q, PROPOSAL_KINDS_OF(kinds), admin.id),
  ];
  return { total: parts.reduce((t, p) => t + p.total, 0), decidable: parts.reduce((t, p) => t + p.decidable, 0) };
}

/** The sidebar badge: how many items await a decision this admin may take (and how many it sees). */
export async function inboxCount(q: Queryable, admin: Checker): Promise<InboxCount> {
  return counts(q, admin, kindsOf(admin));
}

const KIND_ORDER = Object.fromEntries(INBOX_KINDS.map((k, i) => [k, i])) as Record<InboxKind, number>;

/**
 * One page of the inbox, oldest first (ties by kind, then id): the pending items of the kinds this
 * admin may decide, across all users; its own submissions are listed with mayDecide false.
 */
export async function inboxPage(q: Queryable, admin: Checker, query: InboxQuery): Promise<InboxPage> {
  const kinds = kindsOf(admin).filter((k) => query.kind === undefined || k === query.kind);
  const upTo = query.page * query.limit; // each source's first upTo rows hold the merged page
  const requests = await pendingRequests(q, kinds.filter(isRequestKind), upTo);
  const banks = kinds.includes('bankAccount') ? await pendingBankAccounts(q, upTo) : [];
  const adjustments = kinds.includes('adjustment') ? await pendingAdjustments(q, upTo) : [];
  const proposals = await pendingProposals(q, PROPOSAL_KINDS_OF(kinds), upTo);
  const merged = [
    ...requests.map((r) => requestItem(r, admin)),
    ...banks.map((b) => bankItem(b, admin)),
    ...adjustments.map((a) => adjustmentItem(a, admin)),
    ...proposals.map((p) => proposalItem(p, admin)),
  ].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id - b.id,
  );
  const { total, decidable } = await counts(q, admin, kinds);
  return { items: merged.slice(upTo - query.limit, upTo), page: query.page, limit: query.limit, total, decidable };
}

/** What a bulk decision needs besides its items: the receipts' storage, the clock and the live bus. */
export interface DecideDeps {
  storage: RequestChange['storage'];
  now(): Date;
  events: EventBus;
}

export interface BulkDecision {
  decision: InboxDecision;
  items: readonly InboxItemRef[];
  reason: string | null;
  /** The uploaded files by field name (receiptFieldOf). */
  files: ReadonlyMap<string, unknown>;
}

/**
 * One item of a bulk decision as its own Idempotency-Key claim (route()'s batch claims the key per
 * item): its reference, and what is asked of it (the decision, the reason, its receipt by digest).
 * A retried batch replays the items that committed and decides the others anew.
 */
function itemIdentity(d: BulkDecision, ref: InboxItemRef): ItemIdentity {
  const receipt = needsReceipt(ref.kind, d.decision) ? (d.files.get(receiptFieldOf(ref)) ?? null) : null;
  return { ref: `${ref.kind}:${ref.id}`, request: { decision: d.decision, reason: d.reason, receipt } };
}

const AUDIT_OF: Record<'request' | 'bank' | 'adjustment' | 'proposal', Record<InboxDecision, AuditAction>> = {
  request: { approve: 'asset.approve', decline: 'asset.decline' },
  bank: { approve: 'bank.approve', decline: 'bank.decline' },
  adjustment: { approve: 'finance.adjustmentApprove', decline: 'finance.adjustmentDecline' },
  proposal: { approve: 'finance.proposalApprove', decline: 'finance.proposalDecline' },
};

const auditGroup = (kind: InboxKind): keyof typeof AUDIT_OF =>
  isRequestKind(kind) ? 'request' : kind === 'bankAccount' ? 'bank' : kind === 'adjustment' ? 'adjustment' : 'proposal';

/** A finance item decided through its single-item service; a decline needs a reason there (400, 1001 'reason' here without one). */
async function decideFinance(change: RequestChange, admin: Checker, kind: InboxKind, id: number, decision: InboxDecision, reason: string | null): Promise<unknown> {
  if (decision === 'decline' && reason === null) throw invalidFormat('reason');
  if (kind === 'adjustment') return decision === 'approve' ? approveAdjustment(change, id) : declineAdjustment(change, id, reason!);
  return decision === 'approve' ? approveProposal(change, admin.role, id) : declineProposal(change, admin.role, id, reason!);
}

/**
 * Decides each item in a transaction of its own (`eachItem`: its own audit row, as its single-item
 * route writes), through the very service functions of those routes: their permission, maker-checker,
 * pending and receipt rules, and their lock order. One refusal undoes only its item; every item is
 * reported, refused ones with the code their single-item route would answer.
 */
export async function decideInbox(
  admin: Checker,
  d: BulkDecision,
  deps: DecideDeps,
  eachItem: ItemRunner,
  log: (error: unknown) => void,
): Promise<{ batch: string; results: InboxResult[] }> {
  const batch = randomUUID();
  const results: InboxResult[] = [];
  for (const ref of d.items) {
    const kind = ref.kind;
    try {
      await eachItem(AUDIT_OF[auditGroup(kind)][d.decision], async (item) => {
        if (!can(admin, decidePermission(kind, d.decision))) throw forbidden();
        const change: RequestChange = { q: item.db, by: admin.id, now: deps.now(), audit: item.audit, events: deps.events, storage: deps.storage, onRollback: item.onRollback };
        item.audit.note('inboxBatch', batch);
        if (isFinanceKind(kind)) return decideFinance(change, admin, kind, ref.id, d.decision, d.reason);
        if (!isRequestKind(kind)) return decideBankById(change, ref.id, d.decision === 'approve' ? 'approved' : 'declined');
        if (d.decision === 'decline') return declineRequest(change, kind, ref.id, d.reason);
        const receipt = needsReceipt(kind, d.decision) ? receiptOf(d.files.get(receiptFieldOf(ref))) : null;
        return approveRequest(change, kind, ref.id, receipt!);
      }, itemIdentity(d, ref));
      results.push({ kind, id: ref.id, ok: true });
    } catch (error) {
      if (error instanceof AppError) results.push({ kind, id: ref.id, ok: false, code: error.code, context: error.context });
      else {
        // a fault of one item (logged) does not stop the others: it is reported as code 0
        log(error);
        results.push({ kind, id: ref.id, ok: false, code: ErrorCode.Unknown, context: null });
      }
    }
  }
  return { batch, results };
}

/** What the batch's own audit row says: the decision, its reason, and each item's outcome. */
export function batchNote(batch: string, d: BulkDecision, results: readonly InboxResult[]) {
  return {
    batch,
    decision: d.decision,
    reason: d.reason,
    count: results.length,
    decided: results.filter((r) => r.ok).length,
    items: results.map((r) => (r.ok ? { kind: r.kind, id: r.id, ok: true } : { kind: r.kind, id: r.id, ok: false, code: r.code })),
  };
}
