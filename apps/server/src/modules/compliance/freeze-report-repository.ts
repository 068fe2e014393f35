import { OPEN_STATUSES } from '@aurum/domain/orders/open-statuses';
import { FreezeReport } from '@aurum/domain/compliance/freeze-report';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** The customer as the report names them. */
export async function reportedCustomer(q: Queryable, userId: number): Promise<{ id: number; username: string; name: string; company: string | null }> {
  const u = await kysely(q).selectFrom('users').select(['id', 'username', 'first_name', 'last_name', 'company_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { id: u.id, username: u.username, name: `${u.first_name} ${u.last_name}`.trim(), company: u.company_name };
}

/** The customer's requests still pending (money held for them) and orders still open. */
export async function openBusiness(q: Queryable, userId: number): Promise<{ pendingRequests: number; openOrders: number }> {
  const requests = await kysely(q).selectFrom('payment_requests').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirstOrThrow();
  const orders = await kysely(q).selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('status', 'in', [...OPEN_STATUSES]).executeTakeFirstOrThrow();
  return { pendingRequests: Number(requests.n), openOrders: Number(orders.n) };
}

export async function insertFreezeReport(q: Queryable, report: FreezeReport, at: Date): Promise<void> {
  await kysely(q).insertInto('compliance_freeze_reports').values({ hold_id: report.holdId, user_id: report.customer.id, drafted_at: at, content: JSON.stringify(report) }).execute();
}

export async function findFreezeReport(q: Queryable, holdId: number): Promise<FreezeReport | undefined> {
  const row = await kysely(q).selectFrom('compliance_freeze_reports').select('content').where('hold_id', '=', holdId).executeTakeFirst();
  return row ? FreezeReport.parse(row.content) : undefined;
}
