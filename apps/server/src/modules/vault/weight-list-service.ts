import { bookWeight } from '@aurum/domain/vault/bar-rules';
import type { ImportAnswer, ImportFields } from '@aurum/domain/vault/vault-schemas';
import { readWeightList, type ListedBar, type ListRow } from '@aurum/domain/vault/weight-list';
import { invalidFormat } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { barsWithKeys, insertCustodianBars, insertCustodianList } from './vault-repository.ts';
import { recordReceive } from './bar-movement-service.ts';
import { vaultOf } from './vault-service.ts';
import { totalsOf } from './vault-views.ts';

/**
 * Imports a custodian's weight list (CSV or .xlsx rows, read by vault-import.ts) for a vault. A
 * preview saves nothing and lists every problem; the import refuses a list with any problem (400,
 * 1001, the first bad line in the context, e.g. 'line 3 fineness') and otherwise stores it as the
 * custodian's list (custodian_bar_lists, custodian_bars: the reconciliation reads them) and, when
 * asked, records a pending receive of the listed bars not held yet.
 */
export async function importWeightList(
  c: Change | { q: Queryable },
  input: { rows: readonly ListRow[]; fileName: string; fields: ImportFields; preview: boolean },
): Promise<ImportAnswer> {
  const vault = await vaultOf(c.q, input.fields.vaultId);
  const parsed = readWeightList(input.rows, { metal: input.fields.metal, unit: input.fields.unit });
  const held = await barsWithKeys(c.q, parsed.bars);
  const isHeld = (b: ListedBar) => held.some((h) => h.metal === b.metal && h.refiner.toLowerCase() === b.refiner.toLowerCase() && h.serial === b.serial);
  const notHeld = parsed.bars.filter((b) => !isHeld(b));
  const answer: ImportAnswer = {
    listId: null,
    rows: parsed.bars.length + new Set(parsed.problems.map((p) => p.line)).size,
    problems: parsed.problems,
    notHeld: notHeld.length,
    movementId: null,
    totals: totalsOf(parsed.bars.map((b) => ({ metal: b.metal, bookWeight: bookWeight(b) }))),
  };
  if (input.preview) return answer;
  if (!('by' in c)) throw new Error('an import is a change');
  const first = parsed.problems[0];
  if (first) {
    throw invalidFormat(`line ${first.line} ${first.field}`, {
      rule: 'weightList',
      line: first.line,
      field: first.field,
      reason: first.reason,
      problems: parsed.problems.length,
      lines: [...new Set(parsed.problems.map((p) => p.line))].slice(0, 50).join(','),
    });
  }
  const listId = await insertCustodianList(c.q, { custodian: vault.custodian, vaultId: vault.id, fileName: input.fileName.slice(0, 255), asOf: input.fields.asOf, rowCount: parsed.bars.length, by: c.by, at: c.now });
  await insertCustodianBars(c.q, listId, parsed.bars);
  let movementId: number | null = null;
  if (input.fields.receive === 'true' && notHeld.length > 0) {
    const receive = await recordReceive(c, {
      vaultId: vault.id,
      listId,
      note: `weight list ${listId} (${input.fileName.slice(0, 200)})`,
      bars: notHeld.map((b) => ({
        serial: b.serial,
        refiner: b.refiner,
        metal: b.metal,
        form: b.form,
        grossWeight: b.grossWeight,
        fineness: b.fineness,
        ...(b.year !== null ? { year: b.year } : {}),
        ...(b.refinerWeight !== null ? { refinerWeight: b.refinerWeight } : {}),
        ...(b.vaultWeight !== null ? { vaultWeight: b.vaultWeight } : {}),
      })),
    });
    movementId = receive.id;
  }
  const result = { ...answer, listId, movementId };
  c.audit.note('listId', listId);
  c.audit.after({ listId, vault: vault.code, fileName: input.fileName, asOf: input.fields.asOf, rows: parsed.bars.length, notHeld: notHeld.length, movementId, totals: result.totals });
  return result;
}
