import type { Metal } from '@aurum/domain/system/metals';
import { SECURE_API } from '#shared/http/paths.ts';
import type { Variant } from './trade-constants.ts';

/** POST adjust/{metal}[/aht]/{part}/update (SPEC.md §7). */
export function adjustUpdatePath(metal: Metal, variant: Variant, part: 'currency' | 'spread' | 'userFee'): string {
  return `${SECURE_API}/adjust/${metal}${variant === 'afterHour' ? '/aht' : ''}/${part}/update`;
}
