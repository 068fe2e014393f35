import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SELF_APPROVAL_REFUSED, mayDecide } from '@aurum/domain/access/maker-checker';
import { add, roundTo } from '@aurum/domain/money/decimal';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import { bookWeight, fineWeight, mayUncover, metalPlaces, nextBarStatus, stepOf, type MovementKind, type SettableStatus } from '@aurum/domain/vault/bar-rules';
import type { BarFields, MovementView } from '@aurum/domain/vault/vault-schemas';
import { appError, invalidFormat, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { requestView } from '../assets/asset-service.ts';
import { assertCovered, postMetal, type MetalPlace } from '../treasury/treasury-service.ts';
import {
  barsPending,
  barsWithKeys,
  decideMovement,
  deleteBars,
  findBars,
  findMovement,
  insertMovement,
  insertMovementBars,
  insertPendingBar,
  lockVault,
  movementBars,
  setBars,
  type MovementBar,
  type MovementRow,
} from './vault-repository.ts';
import { vaultOf } from './vault-service.ts';
import { movementView, movementViews } from './vault-views.ts';

/**
 * The vault, bar by bar (decisions 0812 and 0813). Every movement is recorded
 * by a maker as pending and applied only when another admin approves it: then, in the same
 * transaction, the bars change status and the metal books move (treasury-service's postMetal), and
 * a movement that takes bars out of cover asks the coverage rule (assertCovered) after its changes.
 *
 * Lock order: the vault's advisory lock (VAULT_LOCK) first, then the movement's row, then its bars
 * (ascending id), then whatever postMetal and assertCovered take.
 */

export const VAULT_CONTEXT = {
  notPending: 'This bar movement is no longer pending; it has already been approved or declined.',
  barStatus: (serial: string, status: string, kind: string) => `Bar ${serial} is ${status}; it cannot be moved by a ${kind} now.`,
  barPending: (serial: string, movementId: number) => `Bar ${serial} already has a pending movement (#${movementId}); it must be decided first.`,
  sameVault: (serial: string) => `Bar ${serial} is in that vault already.`,
} as const;

const selfApproval = () => appError(ErrorCode.Forbidden, SELF_APPROVAL_REFUSED);
const notPending = () => appError(ErrorCode.BarMovementNotPending, VAULT_CONTEXT.notPending);
const statusConflict = (context: string) => appError(ErrorCode.BarStatusConflict, context);

/** The payment request a movement names: a physical gold deposit (receive) or withdrawal (release); 404 or 400 'requestId' otherwise. */
async function checkRequest(q: Queryable, requestId: number | undefined, kind: 'receive' | 'release'): Promise<number | null> {
  if (requestId === undefined) return null;
  const request = await requestView(q, requestId).catch(() => null);
  if (!request) throw notFound('requestId');
  const action = kind === 'receive' ? 'deposit' : 'withdrawal';
  if (request.action !== action || request.type !== 'XAU') throw invalidFormat('requestId', { rule: 'physicalGold', action });
  return request.id;
}

export interface ReceiveInput {
  vaultId: number;
  bars: readonly BarFields[];
  requestId?: number;
  note?: string;
  /** the custodian list an import records it from */
  listId?: number;
}

/** Records a receive: the bars are created 'pending' (counted nowhere) and wait for another admin's approval. */
export async function recordReceive(c: Change, input: ReceiveInput): Promise<MovementView> {
  await lockVault(c.q);
  const vault = await vaultOf(c.q, input.vaultId);
  const requestId = await checkRequest(c.q, input.requestId, 'receive');
  const taken = await barsWithKeys(c.q, input.bars);
  if (taken.length > 0) {
    const index = input.bars.findIndex((b) => taken.some((t) => t.metal === b.metal && t.refiner.toLowerCase() === b.refiner.toLowerCase() && t.serial === b.serial));
    // a value another record holds: 409, 1001 with the field
    throw appError(ErrorCode.InvalidFormat, `bars.${index}.serial`, { status: 409, detail: { rule: 'duplicateBar', serial: input.bars[index]!.serial } });
  }
  const movementId = await insertMovement(c.q, { kind: 'receive', toStatus: null, vaultId: vault.id, requestId, listId: input.listId ?? null, note: input.note ?? null, by: c.by, at: c.now });
  const snapshot: Array<{ barId: number; bar: MovementBar }> = [];
  for (const b of input.bars) {
    const weight = bookWeight(b);
    const barId = await insertPendingBar(
      c.q,
      {
        serial: b.serial,
        refiner: b.refiner,
        metal: b.metal,
        form: b.form,
        year: b.year ?? null,
        grossWeight: b.grossWeight,
        fineness: b.fineness,
        fineWeight: fineWeight(b.grossWeight, b.fineness),
        bookWeight: weight,
        refinerWeight: b.refinerWeight ?? null,
        vaultWeight: b.vaultWeight ?? null,
        custodian: vault.custodian,
        vaultId: vault.id,
      },
      c.now,
    );
    snapshot.push({ barId, bar: { serial: b.serial, refiner: b.refiner, metal: b.metal, bookWeight: weight, status: 'pending', vaultId: vault.id, vaultCode: vault.code } });
  }
  await insertMovementBars(c.q, movementId, snapshot);
  return recorded(c, movementId);
}

async function recorded(c: Change, movementId: number): Promise<MovementView> {
  const view = await movementView(c.q, movementId);
  c.audit.note('movementId', movementId);
  c.audit.after(view);
  return view;
}

/**
 * Records a movement of bars held (release, dispatch, arrive, status): each bar's status must allow
 * it (409, 3211) and no other pending movement may name it (409, 3211).
 */
export async function recordMovement(
  c: Change,
  kind: Exclude<MovementKind, 'receive'>,
  input: { barIds: readonly number[]; vaultId?: number; toStatus?: SettableStatus; requestId?: number; note?: string },
): Promise<MovementView> {
  await lockVault(c.q);
  const step = stepOf(kind, input.toStatus);
  const bars = await findBars(c.q, input.barIds);
  if (bars.length !== new Set(input.barIds).size) {
    const missing = input.barIds.findIndex((id) => !bars.some((b) => b.id === id));
    throw notFound(`barIds.${missing}`);
  }
  const destination = kind === 'dispatch' ? await vaultOf(c.q, input.vaultId!) : null;
  const requestId = kind === 'release' ? await checkRequest(c.q, input.requestId, 'release') : null;
  for (const bar of bars) {
    if (nextBarStatus(bar.status, step) === null) throw statusConflict(VAULT_CONTEXT.barStatus(bar.serial, bar.status, kind === 'status' ? `change to ${input.toStatus}` : kind));
    if (destination && bar.vault_id === destination.id) throw statusConflict(VAULT_CONTEXT.sameVault(bar.serial));
  }
  const pending = await barsPending(c.q, input.barIds);
  if (pending.length > 0) {
    const bar = bars.find((b) => b.id === pending[0]!.bar_id)!;
    throw statusConflict(VAULT_CONTEXT.barPending(bar.serial, pending[0]!.movement_id));
  }
  // arrive: the vault the bars were dispatched to (they carry it since the dispatch's approval)
  const arrivingAt = kind === 'arrive' && new Set(bars.map((b) => b.vault_id)).size === 1 ? bars[0]!.vault_id : null;
  const vaultId = destination?.id ?? arrivingAt;
  const movementId = await insertMovement(c.q, { kind, toStatus: input.toStatus ?? null, vaultId, requestId, listId: null, note: input.note ?? null, by: c.by, at: c.now });
  const byId = new Map(bars.map((b) => [b.id, b]));
  await insertMovementBars(
    c.q,
    movementId,
    input.barIds.map((id) => {
      const b = byId.get(id)!;
      return { barId: id, bar: { serial: b.serial, refiner: b.refiner, metal: b.metal, bookWeight: roundTo(b.book_weight, 4), status: b.status, vaultId: b.vault_id, vaultCode: b.vault_code } };
    }),
  );
  return recorded(c, movementId);
}

async function pendingMovement(c: Change, id: number): Promise<MovementRow> {
  await lockVault(c.q);
  const m = await findMovement(c.q, id, { forUpdate: true });
  if (!m) throw notFound('movement');
  if (!mayDecide({ submittedBy: m.submitted_by }, c.by)) throw selfApproval();
  if (m.status !== 'pending') throw notPending();
  return m;
}

/**
 * Approves a pending movement (not by its maker: 403, 1150): the bars change status (409, 3211 when
 * one's status no longer allows it), the metal books move per metal and place, and a movement that
 * takes bars out of cover asks the coverage rule after its changes.
 */
export async function approveMovement(c: Change, id: number): Promise<MovementView> {
  const m = await pendingMovement(c, id);
  const before = (await movementViews(c.q, [m]))[0]!;
  const links = await movementBars(c.q, [m.id]);
  const barIds = links.map((l) => l.bar_id).filter((x): x is number => x !== null);
  const bars = await findBars(c.q, barIds, { forUpdate: true });
  const step = stepOf(m.kind, m.to_status);
  if (bars.length === 0) throw statusConflict(VAULT_CONTEXT.notPending);
  for (const bar of bars) {
    if (nextBarStatus(bar.status, step) === null) throw statusConflict(VAULT_CONTEXT.barStatus(bar.serial, bar.status, m.kind));
  }
  const to = nextBarStatus(bars[0]!.status, step)!;
  const destination = m.vault_id === null ? null : await vaultOf(c.q, m.vault_id, 'vault');
  // dispatch: the bars belong to their destination from now on (in transit); arrive: they are there
  await setBars(c.q, barIds, { status: to, ...(destination ? { vaultId: destination.id, custodian: destination.custodian } : {}) }, c.now);
  // the metal books: per metal and place the bars' book weight moves
  const moves = new Map<string, { metal: TreasuryMetal; from: MetalPlace; to: MetalPlace; grams: string; serials: string[] }>();
  for (const bar of bars) {
    const places = metalPlaces(step, bar.vault_code, destination?.code ?? bar.vault_code);
    if (!places) continue;
    const key = `${bar.metal}|${places.from}|${places.to}`;
    const sum = moves.get(key);
    moves.set(key, {
      metal: bar.metal,
      from: places.from as MetalPlace,
      to: places.to as MetalPlace,
      grams: add(sum?.grams ?? '0', bar.book_weight),
      serials: [...(sum?.serials ?? []), bar.serial],
    });
  }
  // the entry's note names the bars: the reconciliation finds the postings that explain a bar's break by its serial
  for (const { serials, ...move } of moves.values()) {
    await postMetal(c, { ...move, grams: roundTo(move.grams, 4), kind: `vault.${m.kind}`, note: `bar movement ${m.id}: ${serials.join(', ')}`, movementId: m.id });
  }
  if (!(await decideMovement(c.q, m.id, { status: 'approved', by: c.by, at: c.now }))) throw notPending();
  if (mayUncover(step)) {
    for (const metal of [...new Set(bars.map((b) => b.metal))].sort()) await assertCovered(c, metal, m.kind === 'release' ? 'vault.release' : `vault.${m.kind}`);
  }
  return decided(c, m.id, before);
}

/** Declines a pending movement with its reason (not by its maker): nothing moves; a receive's pending bars are removed. */
export async function declineMovement(c: Change, id: number, reason: string): Promise<MovementView> {
  const m = await pendingMovement(c, id);
  const before = (await movementViews(c.q, [m]))[0]!;
  if (!(await decideMovement(c.q, m.id, { status: 'declined', by: c.by, at: c.now, reason }))) throw notPending();
  if (m.kind === 'receive') {
    const links = await movementBars(c.q, [m.id]);
    await deleteBars(c.q, links.map((l) => l.bar_id).filter((x): x is number => x !== null));
  }
  return decided(c, m.id, before);
}

async function decided(c: Change, id: number, before: MovementView): Promise<MovementView> {
  const view = await movementView(c.q, id);
  c.audit.note('movementId', id);
  c.audit.before(before);
  c.audit.after(view);
  return view;
}
