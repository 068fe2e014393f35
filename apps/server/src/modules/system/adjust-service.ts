import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { INVALID_METAL_TYPE, isMetal, type Metal } from '@aurum/domain/system/metals';
import type { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { appError } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import { settingsChanged } from './mode-service.ts';
import { readAdjust, toMetalAdjustAnswer, updateAdjust, type AdjustColumns, type Variant } from './adjust-repository.ts';

export { readAdjust, toMetalAdjustAnswer, type AdjustColumns, type Variant };

/** Any metal but gold, platinum and silver: 400 with 'Invalid metal type' (SPEC.md §5). */
export function metalOf(value: string): Metal {
  const lower = value.toLowerCase();
  if (!isMetal(lower)) throw appError(ErrorCode.InvalidMetalType, INVALID_METAL_TYPE);
  return lower;
}

/** Changes one part of a metal's adjustment (regular or after-hour) and tells every process. */
export async function changeAdjust(c: Change, metalName: string, variant: Variant, columns: AdjustColumns): Promise<MetalAdjustAnswer> {
  const metal = metalOf(metalName);
  const before = toMetalAdjustAnswer(await readAdjust(c.q, metal, true));
  await updateAdjust(c.q, metal, variant, columns, c.by);
  const after = toMetalAdjustAnswer(await readAdjust(c.q, metal));
  await settingsChanged(c, { what: 'adjust', metal });
  c.audit.note('metal', metal);
  c.audit.note('variant', variant);
  c.audit.before(before);
  c.audit.after(after);
  return after;
}
