import { can, type Permission } from '@aurum/domain/access/permissions';
import type { AdminRole } from '@aurum/domain/access/roles';
import { SELF_APPROVAL_REFUSED, mayDecide } from '@aurum/domain/access/maker-checker';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { yearClosePostings } from '@aurum/domain/finance/close-postings';
import { monthCloseRefusal, monthOf, monthsReopenedWith, reopenRefusal, yearCloseRefusal, yearClosingDate, type ClosedThrough, type PeriodCloseRefusal, type ReopenRefusal } from '@aurum/domain/finance/periods';
import { periodKind, type ProposalEffect, type ProposalKind, type ProposalsAnswer, type ProposalView } from '@aurum/domain/finance/period-schemas';
import { journalBalancesOf } from '@aurum/domain/finance/trial-balance';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import { HOUSE_BOOKS, parseAccount, type HouseBook, type Posting } from '@aurum/domain/wallet/ledger';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { uniquely } from '../../db/unique-violation.ts';
import {
  closedMonthsSince,
  closedThrough,
  closesFrom,
  foldClosed,
  lockJournal,
  recordPeriodClose,
  removeCloses,
  removePeriodCloses,
} from '../ledger/ledger-close-service.ts';
import { sumsByBook } from '../ledger/ledger-read-service.ts';
import { postEntry } from '../ledger/ledger-service.ts';
import { countPendingProposals, decideProposal, findProposal, insertProposal, listProposals, lockProposal, ONE_PENDING_INDEX, pendingProposals as pendingProposalRows, type ProposalRow } from './proposal-repository.ts';

/**
 * Months, years and reopenings (decision 1041): one admin proposes, another decides. A month closes
 * when its days are closed; a year when its December is, with its closing entry; a reopening takes the
 * day, every later closed day and the months they belong to.
 */

const DECIDED_SHOWN = 50;

/** The permission that proposes and decides each kind. */
const PERMISSION_OF: Record<ProposalKind, Permission> = { monthClose: 'closeBusinessDay', yearClose: 'closeBusinessDay', dayReopen: 'reopenBusinessDay' };

const PERIOD_TEXT: { [R in PeriodCloseRefusal['rule']]: (r: Extract<PeriodCloseRefusal, { rule: R }>, period: string) => string } = {
  daysOpen: (r, period) => `${period} cannot close before every one of its days is closed (closed through ${r.lastClosedDay || 'no day'}).`,
  alreadyClosed: (r, period) => `${period} is closed already (closed through ${r.lastClosed}).`,
  monthOpen: (r, period) => `The month ${r.open} must close before ${period}.`,
  yearOpen: (r, period) => `The year ${r.open} must close before ${period}.`,
  beforeJournal: (r, period) => `${period} is before the journal's first close (${r.first}).`,
};

const REOPEN_TEXT: { [R in ReopenRefusal['rule']]: (r: Extract<ReopenRefusal, { rule: R }>, date: string) => string } = {
  notClosed: (r, date) => `${date} is not closed (closed through ${r.lastClosed || 'no day'}).`,
  yearClosed: (r, date) => `${date} is in ${r.year}, a closed year: its closing entry stands on those days.`,
};

type Refusal = { text: string; detail: { rule: string } & Record<string, string> };

function periodRefusal(kind: 'monthClose' | 'yearClose', period: string, closed: ClosedThrough): Refusal | null {
  const r = kind === 'monthClose' ? monthCloseRefusal(period, closed) : yearCloseRefusal(period, closed);
  return r ? { text: (PERIOD_TEXT[r.rule] as (r: PeriodCloseRefusal, p: string) => string)(r, period), detail: r } : null;
}

function reopenRefused(date: string, closed: ClosedThrough): Refusal | null {
  const r = reopenRefusal(date, closed);
  return r ? { text: (REOPEN_TEXT[r.rule] as (r: ReopenRefusal, d: string) => string)(r, date), detail: r } : null;
}

const refusalOf = async (q: Queryable, kind: ProposalKind, target: string): Promise<Refusal | null> => {
  const closed = await closedThrough(q);
  return kind === 'dayReopen' ? reopenRefused(target, closed) : periodRefusal(kind, target, closed);
};

const refuse = (r: Refusal) => appError(ErrorCode.DayCloseRefused, r.text, { detail: r.detail });

/** The year's closing postings as the books stand: each income and expense book's balance at the year's end into retained earnings. */
async function yearClosing(q: Queryable, year: string): Promise<Posting[]> {
  const at = startOfBusinessDay(yearClosingDate(year));
  const sums = await sumsByBook(q, at, at);
  const balances = new Map<HouseBook, string>();
  for (const [account, balance] of journalBalancesOf(sums.map((r) => ({ from: r.from_book, to: r.to_book, earlier: r.earlier, within: r.within })))) {
    const parsed = parseAccount(account);
    if (parsed?.kind === 'house' && parsed.book in HOUSE_BOOKS) balances.set(parsed.book, balance);
  }
  return yearClosePostings(balances);
}

/** What approving a pending proposal would do now. */
async function effectOf(q: Queryable, r: ProposalRow): Promise<ProposalEffect> {
  const refusal = await refusalOf(q, r.kind, r.target);
  if (r.kind === 'dayReopen') {
    const closes = await closesFrom(q, startOfBusinessDay(r.target));
    return { reopensDays: closes.map((c) => c.date), reopensMonths: await closedMonthsSince(q, monthOf(r.target)), posts: [], refusal: refusal?.text ?? null };
  }
  const posts = r.kind === 'yearClose' && refusal === null ? await yearClosing(q, r.target) : [];
  return { reopensDays: [], reopensMonths: [], posts, refusal: refusal?.text ?? null };
}

async function toView(q: Queryable, r: ProposalRow): Promise<ProposalView> {
  return {
    id: Number(r.id),
    kind: r.kind,
    target: r.target,
    reason: r.reason,
    status: r.status,
    proposedBy: r.proposed_by_name,
    proposedById: Number(r.proposed_by),
    proposedAt: new Date(r.proposed_at).toISOString(),
    decidedBy: r.decided_by_name,
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    declineReason: r.decline_reason,
    effect: r.status === 'pending' ? await effectOf(q, r) : null,
  };
}

async function viewOf(q: Queryable, id: number): Promise<ProposalView> {
  const row = await findProposal(q, id);
  if (!row) throw notFound('proposal');
  return toView(q, row);
}

/** `GET ledger/proposals`: the pending ones (oldest first, with their effect), then the latest decided. */
export async function proposalList(q: Queryable): Promise<ProposalsAnswer> {
  const items: ProposalView[] = [];
  for (const r of await listProposals(q, DECIDED_SHOWN)) items.push(await toView(q, r));
  return { items };
}

/** Proposes; refused at once when it could not be approved now (422, 3231), or when one is pending already (409, 3235). */
async function propose(c: Change, kind: ProposalKind, target: string, reason: string | null): Promise<ProposalView> {
  const refusal = await refusalOf(c.q, kind, target);
  if (refusal) throw refuse(refusal);
  const id = await uniquely(
    c.q,
    () => insertProposal(c.q, { kind, target, reason, by: c.by, at: c.now }),
    (index) => (index === ONE_PENDING_INDEX ? appError(ErrorCode.ProposalPending, `A proposal for ${target} is pending already: decide it first.`) : null),
  );
  const view = await viewOf(c.q, id);
  c.audit.note('proposalId', id);
  c.audit.after(view);
  // what awaits a second admin changed: the inboxes' badges and lists
  await c.events.publish(c.q, { kind: 'inbox' });
  return view;
}

/** `POST ledger/periods/close {period}`: proposes closing a month (yyyy-MM) or a year (yyyy). */
export function proposePeriodClose(c: Change, period: string): Promise<ProposalView> {
  return propose(c, periodKind(period) === 'month' ? 'monthClose' : 'yearClose', period, null);
}

/** `POST ledger/closes/{date}/reopen {reason}`: proposes reopening a closed day and every later one (a second superAdmin decides). */
export function proposeReopen(c: Change, date: string, reason: string): Promise<ProposalView> {
  return propose(c, 'dayReopen', date, reason);
}

/** Locks a pending proposal another admin made, that this admin's role may decide; or refuses (404, 403 1150, 409 3234). */
async function decidable(c: Change, role: AdminRole, id: number) {
  const row = await lockProposal(c.q, id);
  if (!row) throw notFound('proposal');
  if (!can({ role }, PERMISSION_OF[row.kind as ProposalKind])) throw appError(ErrorCode.Forbidden, `Deciding a ${row.kind} needs ${PERMISSION_OF[row.kind as ProposalKind]}.`);
  if (!mayDecide({ submittedBy: Number(row.proposed_by) }, c.by)) throw appError(ErrorCode.Forbidden, SELF_APPROVAL_REFUSED);
  if (row.status !== 'pending') throw appError(ErrorCode.ProposalNotPending, `Proposal ${id} is ${row.status} already.`);
  return { ...row, kind: row.kind as ProposalKind, proposedBy: Number(row.proposed_by) };
}

/** Reopens `date` and every later closed day, and the months they belong to: their postings leave the closed balances, their snapshots go. */
async function reopen(c: Change, date: string): Promise<{ days: string[]; months: string[] }> {
  const closes = await closesFrom(c.q, startOfBusinessDay(date));
  if (closes.length > 0) await foldClosed(c.q, closes[0]!.startsAt, closes.at(-1)!.endsAt, -1);
  await removeCloses(c.q, closes.map((x) => x.date));
  const months = monthsReopenedWith(date, await closedMonthsSince(c.q, monthOf(date)));
  await removePeriodCloses(c.q, months);
  return { days: closes.map((x) => x.date), months };
}

/** `POST ledger/proposals/{id}/approve`: a second admin approves; the close or the reopening happens now, in this transaction. */
export async function approveProposal(c: Change, role: AdminRole, id: number): Promise<ProposalView> {
  const p = await decidable(c, role, id);
  // closes and reopenings one at a time, and every writer of the journal waits
  await lockJournal(c.q);
  const refusal = await refusalOf(c.q, p.kind, p.target);
  if (refusal) throw refuse(refusal);
  if (p.kind === 'dayReopen') {
    const reopened = await reopen(c, p.target);
    c.audit.note('reopened', reopened);
    c.audit.note('reason', p.reason ?? '');
  } else if (p.kind === 'monthClose') {
    await recordPeriodClose(c.q, { period: p.target, kind: 'month', proposedBy: p.proposedBy, approvedBy: c.by, at: c.now, entryId: null });
  } else {
    const postings = await yearClosing(c.q, p.target);
    const entryId =
      postings.length === 0
        ? null
        : await postEntry(c.q, {
            kind: 'finance.yearClose',
            userId: null,
            note: `year ${p.target} closed into retained earnings`,
            createdBy: c.by,
            postings,
            at: startOfBusinessDay(yearClosingDate(p.target)),
            source: { kind: 'year', id: Number(p.target) },
          });
    await recordPeriodClose(c.q, { period: p.target, kind: 'year', proposedBy: p.proposedBy, approvedBy: c.by, at: c.now, entryId });
    c.audit.note('entryId', entryId);
  }
  await decideProposal(c.q, id, { status: 'approved', by: c.by, at: c.now, declineReason: null });
  const view = await viewOf(c.q, id);
  c.audit.note('proposalId', id);
  c.audit.after(view);
  // what awaits a second admin changed: the inboxes' badges and lists
  await c.events.publish(c.q, { kind: 'inbox' });
  return view;
}

/** `POST ledger/proposals/{id}/decline {reason}`. */
export async function declineProposal(c: Change, role: AdminRole, id: number, reason: string): Promise<ProposalView> {
  await decidable(c, role, id);
  await decideProposal(c.q, id, { status: 'declined', by: c.by, at: c.now, declineReason: reason });
  const view = await viewOf(c.q, id);
  c.audit.note('proposalId', id);
  c.audit.after(view);
  // what awaits a second admin changed: the inboxes' badges and lists
  await c.events.publish(c.q, { kind: 'inbox' });
  return view;
}

/** The pending proposals of some kinds, oldest first, at most `limit`, each with its effect now (the checker's inbox). */
export async function pendingProposals(q: Queryable, kinds: readonly ProposalKind[], limit: number): Promise<ProposalView[]> {
  const out: ProposalView[] = [];
  for (const r of await pendingProposalRows(q, kinds, limit)) out.push(await toView(q, r));
  return out;
}

/** How many proposals of these kinds are pending and how many of them this admin may decide. */
export async function countProposals(q: Queryable, kinds: readonly ProposalKind[], adminId: number): Promise<{ total: number; decidable: number }> {
  return countPendingProposals(q, kinds, adminId);
}
