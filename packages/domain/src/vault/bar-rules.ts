import { Decimal, roundTo } from '../money/decimal.ts';
import { COUNTED_BY, type TreasuryMetal } from '../treasury/treasury-metals.ts';

/**
 * The vault, bar by bar (decisions 0810 and 0811): a bar's weights, its
 * status machine and the movements that change it. Pure rules: the server and the console call
 * the same functions.
 */

/** Grams per troy ounce (exact by definition). */
export const GRAMS_PER_TROY_OUNCE_TEXT = '31.1034768';

export const BAR_STATUSES = ['pending', 'available', 'reserved', 'inTransit', 'quarantined', 'released'] as const;
export type BarStatus = (typeof BAR_STATUSES)[number];

/** The statuses a bar can be set to by a status movement (reserve for delivery, quarantine, back to available). */
export const SETTABLE_STATUSES = ['available', 'reserved', 'quarantined'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/**
 * Movement kinds: receive (new bars come in), release (bars leave the house, e.g. a physical
 * withdrawal), dispatch (bars leave one vault for another: in transit), arrive (bars in transit
 * reach their vault), status (reserve, quarantine, back to available).
 */
export const MOVEMENT_KINDS = ['receive', 'release', 'dispatch', 'arrive', 'status'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const MOVEMENT_STATUSES = ['pending', 'approved', 'declined'] as const;
export type MovementStatus = (typeof MOVEMENT_STATUSES)[number];

/** Fine weight: gross x fineness / 1000 (fineness in parts per thousand), rounded half-up to 4 decimals. */
export function fineWeight(gross: string, fineness: string): string {
  return roundTo(new Decimal(gross).times(fineness).div(1000), 4);
}

/** What the books count of a bar: fine weight for gold, gross weight for silver and platinum (COUNTED_BY). */
export function bookWeight(bar: { metal: TreasuryMetal; grossWeight: string; fineness: string }): string {
  return COUNTED_BY[bar.metal] === 'fine' ? fineWeight(bar.grossWeight, bar.fineness) : roundTo(bar.grossWeight, 4);
}

/** Grams as troy ounces, 3 decimals (shown beside the grams). */
export function gramsToTroyOunces(grams: string): string {
  return roundTo(new Decimal(grams).div(GRAMS_PER_TROY_OUNCE_TEXT), 3);
}

/** Troy ounces as grams, 4 decimals (a weight list may give gross weight in ounces). */
export function troyOuncesToGrams(ounces: string): string {
  return roundTo(new Decimal(ounces).times(GRAMS_PER_TROY_OUNCE_TEXT), 4);
}

/** Gold below this fineness is not Good Delivery; it is accepted all the same (any 0 < f <= 1000). */
export const GOOD_DELIVERY_MIN_GOLD_FINENESS = '995.0';

export function isGoodDelivery(bar: { metal: TreasuryMetal; fineness: string }): boolean {
  return bar.metal !== 'XAU' || new Decimal(bar.fineness).gte(GOOD_DELIVERY_MIN_GOLD_FINENESS);
}

/**
 * The status machine as a table: for each movement (status movements by their target), the
 * statuses a bar may be in when the movement is recorded and approved, and the status it gets on
 * approval. A receive's bars are created 'pending' and become 'available'; a declined receive
 * removes them. Released bars are out of the house: no movement applies to them.
 */
export type MovementStep = Exclude<MovementKind, 'status'> | `status:${SettableStatus}`;

export const BAR_MACHINE: Readonly<Record<MovementStep, { from: readonly BarStatus[]; to: BarStatus }>> = {
  receive: { from: ['pending'], to: 'available' },
  release: { from: ['available', 'reserved'], to: 'released' },
  dispatch: { from: ['available'], to: 'inTransit' },
  arrive: { from: ['inTransit'], to: 'available' },
  'status:reserved': { from: ['available'], to: 'reserved' },
  'status:quarantined': { from: ['available', 'reserved'], to: 'quarantined' },
  'status:available': { from: ['reserved', 'quarantined'], to: 'available' },
};

export function stepOf(kind: MovementKind, toStatus: SettableStatus | null | undefined): MovementStep {
  if (kind !== 'status') return kind;
  if (!toStatus) throw new Error('a status movement names the status');
  return `status:${toStatus}`;
}

/** The status a bar gets from the step, or null when its status does not allow the step. */
export function nextBarStatus(current: BarStatus, step: MovementStep): BarStatus | null {
  const rule = BAR_MACHINE[step];
  return rule.from.includes(current) ? rule.to : null;
}

/** Whether a bar in this status counts in the books' vault stock (pending and released do not). */
export function countsInVault(status: BarStatus): boolean {
  return status === 'available' || status === 'reserved' || status === 'quarantined';
}

/** Whether a bar in this status covers customer metal (the coverage rule): available bars only. */
export function coversCustomers(status: BarStatus): boolean {
  return status === 'available';
}

/**
 * Whether approving the step can reduce what covers customers (so the approval calls the coverage
 * check after its changes): bars leave 'available' or leave the house.
 */
export function mayUncover(step: MovementStep): boolean {
  return BAR_MACHINE[step].from.includes('available') && BAR_MACHINE[step].to !== 'available';
}

/**
 * The metal books' places a step moves a bar's book weight between, or null when the metal stays
 * where it is (a status change inside a vault). `vault` is the bar's vault before the step,
 * `destination` the movement's vault (receive, dispatch's destination, arrive).
 */
export function metalPlaces(step: MovementStep, vault: string | null, destination: string | null): { from: string; to: string } | null {
  switch (step) {
    case 'receive':
      return { from: 'outside', to: `vault:${destination}` };
    case 'release':
      return { from: `vault:${vault}`, to: 'outside' };
    case 'dispatch':
      return { from: `vault:${vault}`, to: 'transit' };
    case 'arrive':
      return { from: 'transit', to: `vault:${destination}` };
    default:
      return null;
  }
}
