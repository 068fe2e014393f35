import { z } from 'zod';
import { Decimal, isDecimalText } from '@aurum/domain/money/decimal';
import { requestCreateFieldsFor, type RequestAction, type RequestType } from '@aurum/domain/assets/request-schemas';

/** What the create form holds: every value as typed (text), the image apart. */
export interface RequestFormValues {
  userId: string;
  type: RequestType;
  amount: string;
  quantity: string;
  receiverUserId: string;
  note: string;
}

export const EMPTY_REQUEST_FORM: RequestFormValues = { userId: '', type: 'MYR', amount: '', quantity: '', receiverUserId: '', note: '' };

/** The available balances the check reads: fund (MYR) and gold (XAU grams), holds already taken out. */
export interface AvailableBalances {
  fund: string;
  gold: string;
}

type BalanceMessage = 'withdrawalAmount' | 'withdrawalGold';

/**
 * The wallet check of a withdrawal or transfer (SPEC.md §5: 'withdrawal amount or gold cannot be
 * larger than wallet balance'): the value against what is available, exactly (decimals, never
 * floats). Deposits, unknown balances and values that are not numbers (their own rule reports
 * them) pass.
 */
export function balanceProblem(action: RequestAction, type: RequestType, value: string | undefined, balances: AvailableBalances | null | undefined): BalanceMessage | null {
  if (action === 'deposit' || !balances || value === undefined || !isDecimalText(value.trim())) return null;
  const available = type === 'MYR' ? balances.fund : balances.gold;
  if (!isDecimalText(available)) return null;
  return new Decimal(value.trim()).gt(available) ? (type === 'MYR' ? 'withdrawalAmount' : 'withdrawalGold') : null;
}

/**
 * The form's rules: the server's own schema of that kind (requestCreateFieldsFor: amount 2
 * decimals, quantity 4, > 0, receiver not the sender, ...) plus the wallet check.
 */
export function requestFormSchema(action: RequestAction, balances: AvailableBalances | null | undefined) {
  return z
    .preprocess((raw) => {
      // only the value of the chosen type is sent; a transfer alone has a receiver
      const v = raw as RequestFormValues;
      return {
        ...v,
        amount: v.type === 'MYR' ? v.amount : '',
        quantity: v.type === 'XAU' ? v.quantity : '',
        receiverUserId: action === 'transfer' ? v.receiverUserId : '',
      };
    }, requestCreateFieldsFor(action))
    .superRefine((body, ctx) => {
      const problem = balanceProblem(action, body.type, body.type === 'MYR' ? body.amount : body.quantity, balances);
      if (problem) ctx.addIssue({ code: 'custom', path: [body.type === 'MYR' ? 'amount' : 'quantity'], message: problem });
    });
}

/** The text fields sent with the receipt (multipart): empty ones left out. */
export function requestFields(action: RequestAction, v: RequestFormValues): Record<string, string | undefined> {
  return {
    userId: v.userId,
    type: v.type,
    amount: v.type === 'MYR' ? v.amount : undefined,
    quantity: v.type === 'XAU' ? v.quantity : undefined,
    receiverUserId: action === 'transfer' ? v.receiverUserId : undefined,
    note: v.note,
  };
}

