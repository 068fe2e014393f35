import type { PaymentRecord } from '@aurum/domain/orders/order-views';
import type { Queryable } from '../../db/db.ts';
import { isoDate, kysely } from '../../db/query-builder.ts';

/** The payments of orders: written by a payment, refunded by a revert, read by the payment view. */

export async function insertPayment(
  q: Queryable,
  p: { orderId: number; kind: 'MYR' | 'XAU'; amount: string; toInterest: string; toPrincipal: string; paymentDate: string; note: string | null; submittedBy: number | null; createdAt: Date },
): Promise<void> {
  await kysely(q)
    .insertInto('order_payments')
    .values({
      order_id: p.orderId,
      kind: p.kind,
      amount: p.amount,
      to_interest: p.toInterest,
      to_principal: p.toPrincipal,
      payment_date: p.paymentDate,
      note: p.note,
      submitted_by: p.submittedBy,
      created_at: p.createdAt,
      // its interest part is posted to an interest book (decision 1020)
      interest_in_income: true,
    })
    .execute();
}

/** Marks the order's payments refunded; answers how many were. */
export async function refundPayments(q: Queryable, orderId: number, now: Date): Promise<number> {
  const result = await kysely(q).updateTable('order_payments').set({ refunded_at: now }).where('order_id', '=', orderId).where('refunded_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A payment of an order, with the parts that went to interest and principal and who submitted it. */
export interface PaymentRow extends PaymentRecord {
  kind: 'MYR' | 'XAU';
  toInterest: string;
  toPrincipal: string;
  refundedAt: Date | null;
}

export async function paymentsOf(q: Queryable, orderId: number): Promise<PaymentRow[]> {
  return kysely(q)
    .selectFrom('order_payments as p')
    .leftJoin('admins as a', 'a.id', 'p.submitted_by')
    .select((eb) => [
      'p.id',
      'p.kind',
      'p.amount',
      'p.to_interest as toInterest',
      'p.to_principal as toPrincipal',
      isoDate(eb.ref('p.payment_date')).as('paymentDate'),
      'p.note',
      'a.username as submittedBy',
      'p.refunded_at as refundedAt',
    ])
    .where('p.order_id', '=', orderId)
    .orderBy('p.id')
    .$castTo<PaymentRow>()
    .execute();
}
