import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { roundTo } from '@aurum/domain/money/decimal';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import { gramsToTroyOunces } from '@aurum/domain/vault/bar-rules';
import type { BarDetail, BarListQuery, BarPage, MovementListQuery, MovementPage, VaultCreateBody, VaultView } from '@aurum/domain/vault/vault-schemas';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { barTotals, findBars, findVault, insertVault, listBars, listMovements, listVaults, vaultCodeTaken, type VaultRow } from './vault-repository.ts';
import { movementViews, toBarView, toVaultView } from './vault-views.ts';

/**
 * The vault and its bars: the lists, a bar's detail and a new vault. Bar movements are in
 * bar-movement-service.ts (decisions 0812 and 0813), weight lists in weight-list-service.ts.
 */

export async function vaultList(q: Queryable): Promise<{ items: VaultView[] }> {
  return { items: (await listVaults(q)).map(toVaultView) };
}

export async function barPage(q: Queryable, query: BarListQuery): Promise<BarPage> {
  const { rows, total } = await listBars(q, query);
  const totals = (await barTotals(q, query)).map((t) => ({ metal: t.metal, bars: t.bars, grams: roundTo(t.grams, 4), troyOunces: gramsToTroyOunces(t.grams) }));
  return { items: rows.map(toBarView), page: query.page, limit: query.limit, total, totals };
}

/** Per metal, the book weight of every bar the house holds (in a vault or in transit; not pending, not released): what the metal books must equal. */
export async function barsHeld(q: Queryable): Promise<Array<{ metal: TreasuryMetal; grams: string }>> {
  return (await barTotals(q, {})).map((t) => ({ metal: t.metal, grams: roundTo(t.grams, 4) }));
}

export async function barDetail(q: Queryable, id: number): Promise<BarDetail> {
  const [bar] = await findBars(q, [id]);
  if (!bar) throw notFound('bar');
  const { rows } = await listMovements(q, { barId: id, page: 1, limit: 1000, order: 'desc' });
  return { bar: toBarView(bar), movements: await movementViews(q, rows) };
}

export async function movementPage(q: Queryable, query: MovementListQuery): Promise<MovementPage> {
  const { rows, total } = await listMovements(q, query);
  return { items: await movementViews(q, rows), page: query.page, limit: query.limit, total };
}

export async function createVault(c: Change, body: VaultCreateBody): Promise<VaultView> {
  if (await vaultCodeTaken(c.q, body.code)) throw appError(ErrorCode.InvalidFormat, 'code', { status: 409 });
  const id = await insertVault(c.q, { ...body, at: c.now });
  const view = toVaultView((await findVault(c.q, id))!);
  c.audit.after(view);
  return view;
}

export async function vaultOf(q: Queryable, id: number, field = 'vaultId'): Promise<VaultRow> {
  const vault = await findVault(q, id);
  if (!vault) throw notFound(field);
  return vault;
}
