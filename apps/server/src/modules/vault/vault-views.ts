import { add, roundTo } from '@aurum/domain/money/decimal';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import { isGoodDelivery } from '@aurum/domain/vault/bar-rules';
import type { BarView, MovementView, VaultView } from '@aurum/domain/vault/vault-schemas';
import { notFound } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import { findMovement, movementBars, type BarRow, type MovementBarRow, type MovementRow, type VaultRow } from './vault-repository.ts';

/** The vault's rows as the API answers them: vaults, bars, movements with their bars and totals. */

const iso = (d: Date) => d.toISOString();

export function toVaultView(v: VaultRow): VaultView {
  return { id: v.id, code: v.code, name: v.name, custodian: v.custodian, createdAt: iso(v.created_at) };
}

export function toBarView(b: BarRow): BarView {
  return {
    id: b.id,
    serial: b.serial,
    refiner: b.refiner,
    metal: b.metal,
    form: b.form,
    year: b.year,
    grossWeight: roundTo(b.gross_weight, 4),
    fineness: roundTo(b.fineness, 3),
    fineWeight: roundTo(b.fine_weight, 4),
    bookWeight: roundTo(b.book_weight, 4),
    refinerWeight: b.refiner_weight === null ? null : roundTo(b.refiner_weight, 4),
    vaultWeight: b.vault_weight === null ? null : roundTo(b.vault_weight, 4),
    custodian: b.custodian,
    vault: b.vault_id === null ? null : { id: b.vault_id, code: b.vault_code ?? '' },
    status: b.status,
    goodDelivery: isGoodDelivery({ metal: b.metal, fineness: b.fineness }),
    createdAt: iso(b.created_at),
    updatedAt: iso(b.updated_at),
  };
}

export function totalsOf(bars: ReadonlyArray<{ metal: TreasuryMetal; bookWeight: string }>): Array<{ metal: TreasuryMetal; grams: string }> {
  const sums = new Map<TreasuryMetal, string>();
  for (const b of bars) sums.set(b.metal, add(sums.get(b.metal) ?? '0', b.bookWeight));
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([metal, grams]) => ({ metal, grams: roundTo(grams, 4) }));
}

function toMovementView(m: MovementRow, bars: readonly MovementBarRow[]): MovementView {
  const items = bars.map((b) => ({ id: b.bar_id, serial: b.bar.serial, refiner: b.bar.refiner, metal: b.bar.metal, bookWeight: b.bar.bookWeight, fromStatus: b.bar.status }));
  return {
    id: m.id,
    kind: m.kind,
    status: m.status,
    toStatus: m.to_status,
    vault: m.vault_id === null ? null : { id: m.vault_id, code: m.vault_code ?? '' },
    requestId: m.request_id,
    note: m.note,
    declineReason: m.decline_reason,
    submittedBy: m.submitted_by === null ? null : { id: m.submitted_by, username: m.submitter ?? '' },
    decidedBy: m.decided_by === null ? null : { id: m.decided_by, username: m.decider ?? '' },
    createdAt: iso(m.created_at),
    decidedAt: m.decided_at ? iso(m.decided_at) : null,
    bars: items,
    totals: totalsOf(items),
  };
}

export async function movementViews(q: Queryable, rows: readonly MovementRow[]): Promise<MovementView[]> {
  const bars = await movementBars(q, rows.map((r) => r.id));
  return rows.map((m) => toMovementView(m, bars.filter((b) => b.movement_id === m.id)));
}

export async function movementView(q: Queryable, id: number): Promise<MovementView> {
  const row = await findMovement(q, id);
  if (!row) throw notFound('movement');
  return (await movementViews(q, [row]))[0]!;
}
