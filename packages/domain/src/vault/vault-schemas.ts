import { z } from 'zod';
import { decimalOf, idField } from '../money/decimal-columns.ts';
import { listQuery, pageSchema } from '../list/paging.ts';
import { ValidationMessage } from '../validation/rules.ts';
import { calendarDate } from '../validation/calendar-fields.ts';
import { TREASURY_METALS } from '../treasury/treasury-metals.ts';
import { BAR_STATUSES, MOVEMENT_KINDS, MOVEMENT_STATUSES, SETTABLE_STATUSES } from './bar-rules.ts';
import { blankToUndefined, upperCode } from '../validation/preprocess.ts';

/**
 * Request and answer shapes of the vault (`/v0/web/secure/vault/...`; decision 0810).
 * Grams are decimal strings with 4 decimals, fineness parts per thousand with 3.
 */

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const text = (max: number) =>
  z.preprocess(trimmed, z.string({ error: ValidationMessage.required }).min(1, { error: ValidationMessage.required }).max(max, { error: ValidationMessage.maxLength }));
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().max(max, { error: ValidationMessage.maxLength }).optional());

export const NOTE_MAX = 1000;
/** Most bars one movement names (a receive, a release...). */
export const MOVEMENT_MAX_BARS = 500;

export const Metal = z.preprocess(upperCode, z.enum(TREASURY_METALS));
export const Grams = decimalOf('grams');
/** Parts per thousand: 0 < f <= 1000 with at most 3 decimals (gold below 995.0 is not Good Delivery, and is accepted). */
export const Fineness = decimalOf('fineness', { max: '1000' });
export const BarYear = z.coerce.number().int().min(1900).max(2200);

export const VAULT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,19}$/;

/** POST vault/create */
export const VaultCreateBody = z.object({
  code: z.preprocess(upperCode, z.string().regex(VAULT_CODE_PATTERN)),
  name: text(100),
  custodian: text(100),
});
export type VaultCreateBody = z.infer<typeof VaultCreateBody>;

export const VaultView = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  custodian: z.string(),
  createdAt: z.string(),
});
export type VaultView = z.infer<typeof VaultView>;
export const VaultList = z.object({ items: z.array(VaultView) });
export type VaultList = z.infer<typeof VaultList>;

/** One bar of a receive (the LBMA weight-list fields); fine and book weight are computed. */
export const BarFields = z.object({
  serial: text(40),
  refiner: text(100),
  metal: Metal,
  form: z.preprocess(blankToUndefined, text(40).default('bar')),
  year: z.preprocess(blankToUndefined, BarYear.optional()),
  grossWeight: Grams,
  fineness: Fineness,
  refinerWeight: z.preprocess(blankToUndefined, Grams.optional()),
  vaultWeight: z.preprocess(blankToUndefined, Grams.optional()),
});
export type BarFields = z.infer<typeof BarFields>;
export type BarFieldsInput = z.input<typeof BarFields>;

const barIds = z
  .array(idField)
  .min(1, { error: ValidationMessage.required })
  .max(MOVEMENT_MAX_BARS)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'duplicate' });
const requestId = z.preprocess(blankToUndefined, idField.optional());
const note = optionalText(NOTE_MAX);

/** POST vault/movement/receive: new bars into a vault, pending until another admin approves. */
export const ReceiveBody = z
  .object({
    vaultId: idField,
    bars: z.array(BarFields).min(1, { error: ValidationMessage.required }).max(MOVEMENT_MAX_BARS),
    /** The payment request (a physical gold deposit) these bars come in for. */
    requestId,
    note,
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.bars.forEach((bar, i) => {
      const key = `${bar.metal}|${bar.refiner.toLowerCase()}|${bar.serial}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['bars', i, 'serial'], message: 'duplicate' });
      seen.add(key);
    });
  });
export type ReceiveBody = z.infer<typeof ReceiveBody>;

/** POST vault/movement/release: bars leave the house (e.g. a physical withdrawal). */
export const ReleaseBody = z.object({ barIds, requestId, note });
export type ReleaseBody = z.infer<typeof ReleaseBody>;

/** POST vault/movement/dispatch: bars leave their vault for another (in transit until they arrive). */
export const DispatchBody = z.object({ barIds, vaultId: idField, note });
export type DispatchBody = z.infer<typeof DispatchBody>;

/** POST vault/movement/arrive: bars in transit reach the vault they were dispatched to. */
export const ArriveBody = z.object({ barIds, note });
export type ArriveBody = z.infer<typeof ArriveBody>;

/** POST vault/movement/status: reserve for delivery, quarantine, back to available. */
export const StatusBody = z.object({ barIds, status: z.enum(SETTABLE_STATUSES), note });
export type StatusBody = z.infer<typeof StatusBody>;

/** POST vault/movement/{id}/decline: the reason is required. */
export const MovementDeclineBody = z.object({ reason: text(NOTE_MAX) });
export type MovementDeclineBody = z.infer<typeof MovementDeclineBody>;

const grams = z.string();
const who = z.object({ id: z.number().int(), username: z.string() }).nullable();

export const BarView = z.object({
  id: z.number().int(),
  serial: z.string(),
  refiner: z.string(),
  metal: z.enum(TREASURY_METALS),
  form: z.string(),
  year: z.number().int().nullable(),
  grossWeight: grams,
  fineness: z.string(),
  fineWeight: grams,
  bookWeight: grams,
  refinerWeight: grams.nullable(),
  vaultWeight: grams.nullable(),
  custodian: z.string(),
  vault: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  status: z.enum(BAR_STATUSES),
  /** gold of fineness 995.0 or more (silver, platinum: always) */
  goodDelivery: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BarView = z.infer<typeof BarView>;

export const BarListQuery = listQuery(['serial', 'refiner', 'createdAt', 'grossWeight', 'status'] as const).extend({
  metal: z.preprocess(blankToUndefined, Metal.optional()),
  vaultId: z.preprocess(blankToUndefined, idField.optional()),
  status: z.preprocess(blankToUndefined, z.enum(BAR_STATUSES).optional()),
  /** part of the serial, case-insensitive */
  serial: z.preprocess(blankToUndefined, z.string().max(40).optional()),
});
export type BarListQuery = z.infer<typeof BarListQuery>;

/** Per metal: the book weight of the matching bars held (not pending, not released), in grams and troy ounces. */
export const MetalTotal = z.object({ metal: z.enum(TREASURY_METALS), bars: z.number().int(), grams, troyOunces: z.string() });
export type MetalTotal = z.infer<typeof MetalTotal>;

export const BarPage = pageSchema(BarView).extend({ totals: z.array(MetalTotal) });
export type BarPage = z.infer<typeof BarPage>;

export const MovementBar = z.object({
  /** null once a declined receive's bar is gone */
  id: z.number().int().nullable(),
  serial: z.string(),
  refiner: z.string(),
  metal: z.enum(TREASURY_METALS),
  bookWeight: grams,
  /** its status when the movement was recorded */
  fromStatus: z.string(),
});

export const MovementView = z.object({
  id: z.number().int(),
  kind: z.enum(MOVEMENT_KINDS),
  status: z.enum(MOVEMENT_STATUSES),
  /** a status movement's target */
  toStatus: z.enum(SETTABLE_STATUSES).nullable(),
  /** receive: the vault; dispatch and arrive: the destination */
  vault: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  requestId: z.number().int().nullable(),
  note: z.string().nullable(),
  declineReason: z.string().nullable(),
  submittedBy: who,
  decidedBy: who,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  bars: z.array(MovementBar),
  /** per metal, the book weight the movement moves */
  totals: z.array(z.object({ metal: z.enum(TREASURY_METALS), grams })),
});
export type MovementView = z.infer<typeof MovementView>;

export const MovementListQuery = listQuery(['createdAt', 'id'] as const).extend({
  status: z.preprocess(blankToUndefined, z.enum(MOVEMENT_STATUSES).optional()),
  kind: z.preprocess(blankToUndefined, z.enum(MOVEMENT_KINDS).optional()),
  barId: z.preprocess(blankToUndefined, idField.optional()),
  requestId: z.preprocess(blankToUndefined, idField.optional()),
});
export type MovementListQuery = z.infer<typeof MovementListQuery>;
export const MovementPage = pageSchema(MovementView);
export type MovementPage = z.infer<typeof MovementPage>;

export const BarDetail = z.object({ bar: BarView, movements: z.array(MovementView) });
export type BarDetail = z.infer<typeof BarDetail>;

/** The form fields of a weight-list import (multipart, with the file 'file'). */
export const ImportFields = z.object({
  vaultId: idField,
  /** the list's date (the custodian's statement date), YYYY-MM-DD */
  asOf: calendarDate,
  /** the metal of rows without a metal column */
  metal: z.preprocess(blankToUndefined, Metal.default('XAU')),
  /** the unit of weight columns whose header does not say (g or troy oz) */
  unit: z.preprocess(blankToUndefined, z.enum(['g', 'oz']).default('g')),
  /** 'true': also record a pending receive of the listed bars not held yet */
  receive: z.preprocess(blankToUndefined, z.enum(['true', 'false']).default('false')),
});
export type ImportFields = z.infer<typeof ImportFields>;

export const ImportProblem = z.object({ line: z.number().int(), field: z.string(), reason: z.string() });
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportAnswer = z.object({
  /** the stored list (null for a preview) */
  listId: z.number().int().nullable(),
  rows: z.number().int(),
  problems: z.array(ImportProblem),
  /** listed bars we do not hold yet (not pending either) */
  notHeld: z.number().int(),
  /** the pending receive recorded for them, if asked */
  movementId: z.number().int().nullable(),
  totals: z.array(z.object({ metal: z.enum(TREASURY_METALS), grams })),
});
export type ImportAnswer = z.infer<typeof ImportAnswer>;
