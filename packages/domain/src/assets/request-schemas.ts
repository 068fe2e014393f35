import { z } from 'zod';
import { decimalOf, idField } from '../money/decimal-columns.ts';
import { listQuery, pageSchema } from '../list/paging.ts';
import { ValidationMessage } from '../validation/rules.ts';
import { blankToUndefined, upperCode } from '../validation/preprocess.ts';
import { calendarDateOrMoment } from '../validation/calendar-fields.ts';

/**
 * Payment requests (SPEC.md §3, DECISIONS.md §7, decision 0521): deposits,
 * withdrawals and transfers of MYR (bank transfer) or XAU grams (physical gold), pending until an
 * admin other than the submitter approves or declines them.
 */
export const REQUEST_ACTIONS = ['deposit', 'withdrawal', 'transfer'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];
export const REQUEST_METHODS = ['bankTransfer', 'physicalGold'] as const;
export type RequestMethod = (typeof REQUEST_METHODS)[number];
export const REQUEST_TYPES = ['MYR', 'XAU'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The method of a deposit or withdrawal follows its type; a transfer between users has none. */
export function methodOf(action: RequestAction, type: RequestType): RequestMethod | null {
  if (action === 'transfer') return null;
  return type === 'MYR' ? 'bankTransfer' : 'physicalGold';
}

/** Largest amount (MYR) or quantity (grams) of one request. */
export const REQUEST_MAX_VALUE = '1000000000';
export const REQUEST_NOTE_MAX = 1000;

const id = idField;

function createFields(action: z.ZodType<RequestAction, unknown>) {
  return z
    .object({
      action,
      /** The user whose wallet it is: the depositor, the withdrawer, the sender of a transfer. */
      userId: id,
      type: z.preprocess(upperCode, z.enum(REQUEST_TYPES)),
      /** Optional: when sent it must be the type's method (MYR bankTransfer, XAU physicalGold); none for transfers. */
      method: z.preprocess(blankToUndefined, z.enum(REQUEST_METHODS).optional()),
      /** MYR, 2 decimals, > 0: only for type MYR. */
      amount: z.preprocess(blankToUndefined, decimalOf('amount', { max: REQUEST_MAX_VALUE }).optional()),
      /** XAU grams, 4 decimals, > 0: only for type XAU. */
      quantity: z.preprocess(blankToUndefined, decimalOf('grams', { max: REQUEST_MAX_VALUE }).optional()),
      /** The receiving user of a transfer (not the sender); absent otherwise. */
      receiverUserId: z.preprocess(blankToUndefined, id.optional()),
      note: z.preprocess(blankToUndefined, z.string().max(REQUEST_NOTE_MAX, { error: ValidationMessage.maxLength }).optional()),
    })
    .superRefine((b, ctx) => {
      const required = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: ValidationMessage.required });
      const refused = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: 'notAllowed' });
      if (b.type === 'MYR') {
        if (b.amount === undefined) required('amount');
        if (b.quantity !== undefined) refused('quantity');
      } else {
        if (b.quantity === undefined) required('quantity');
        if (b.amount !== undefined) refused('amount');
      }
      if (b.method !== undefined && b.method !== methodOf(b.action, b.type)) refused('method');
      if (b.action === 'transfer') {
        if (b.receiverUserId === undefined) required('receiverUserId');
        else if (b.receiverUserId === b.userId) ctx.addIssue({ code: 'custom', path: ['receiverUserId'], message: 'sameUser' });
      } else if (b.receiverUserId !== undefined) refused('receiverUserId');
    });
}

/** The fields of a new request (multipart form fields: every value arrives as text). */
export const RequestCreateFields = createFields(z.enum(REQUEST_ACTIONS));
export type RequestCreateFields = z.infer<typeof RequestCreateFields>;

/** The fields of a new request of one kind (POST asset/{action}/create): `action` may be left out. */
export function requestCreateFieldsFor(action: RequestAction) {
  return createFields(z.preprocess((v) => (v === undefined || v === '' ? action : v), z.literal(action)));
}

/** POST asset/{action}/{requestId}/decline: an optional reason (JSON or empty body). */
export const RequestDeclineBody = z
  .object({ reason: z.preprocess(blankToUndefined, z.string().max(REQUEST_NOTE_MAX, { error: ValidationMessage.maxLength }).optional()) })
  .optional();
export type RequestDeclineBody = z.infer<typeof RequestDeclineBody>;

export const REQUEST_SORT_FIELDS = ['id', 'createdAt', 'decidedAt', 'amount', 'quantity', 'status'] as const;

/**
 * GET asset/list: filters plus the shared page/limit/sort/order. userId matches the user's own
 * requests and the transfers it receives. createdAfter/createdBefore: yyyy-MM-dd (a whole business
 * day, `business-time.ts`, both ends included) or an ISO date-time with offset.
 */
export const RequestListQuery = listQuery(REQUEST_SORT_FIELDS).extend({
  action: z.preprocess(blankToUndefined, z.enum(REQUEST_ACTIONS).optional()),
  status: z.preprocess(blankToUndefined, z.enum(REQUEST_STATUSES).optional()),
  type: z.preprocess((v) => upperCode(blankToUndefined(v)), z.enum(REQUEST_TYPES).optional()),
  userId: z.preprocess(blankToUndefined, id.optional()),
  createdAfter: z.preprocess(blankToUndefined, calendarDateOrMoment.optional()),
  createdBefore: z.preprocess(blankToUndefined, calendarDateOrMoment.optional()),
});
export type RequestListQuery = z.infer<typeof RequestListQuery>;

const Party = z.object({ id: z.number().int(), username: z.string() });

/** One payment request as every call answers it. */
export const RequestView = z.object({
  id: z.number().int(),
  action: z.enum(REQUEST_ACTIONS),
  method: z.enum(REQUEST_METHODS).nullable(),
  type: z.enum(REQUEST_TYPES),
  /** MYR with 2 decimals for type MYR, else null. */
  amount: z.string().nullable(),
  /** XAU grams with 4 decimals for type XAU, else null. */
  quantity: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  /** The user whose wallet the request is about. */
  userId: z.number().int(),
  /** Withdrawal and transfer: the user the value leaves; deposit: null (it comes from outside). */
  sender: Party.nullable(),
  /** Deposit: the user; transfer: the receiving user; withdrawal: null (it goes outside). */
  receiver: Party.nullable(),
  note: z.string().nullable(),
  /** Username of the admin who created it. */
  submittedBy: z.string().nullable(),
  /** Id of that admin: maker-checker compares ids (`mayDecide`), never usernames. */
  submittedById: z.number().int().nullable(),
  /** Username of the admin who approved or declined it. */
  verifiedBy: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** Paths of the images (bearer token needed), null when there is none. */
  userReceiptUrl: z.string().nullable(),
  verifiedReceiptUrl: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RequestView = z.infer<typeof RequestView>;

export const RequestPage = pageSchema(RequestView);
export type RequestPage = z.infer<typeof RequestPage>;

/** The live socket frame of a request change (decision 0527). */
export const REQUEST_SOCKET_KIND = 'RequestUpdated';
