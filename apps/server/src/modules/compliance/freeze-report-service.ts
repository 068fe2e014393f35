import { frozenValue, type FreezeReport } from '@aurum/domain/compliance/freeze-report';
import type { HoldView } from '@aurum/domain/compliance/hold-schemas';
import { notFound } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import { walletBalances } from '../wallet/wallet-service.ts';
import { findFreezeReport, insertFreezeReport, openBusiness, reportedCustomer } from './freeze-report-repository.ts';

/** The dealer's buy-back price of gold now, MYR per gram; null when no price is known. */
export type GoldBuyBack = () => string | null;

/**
 * Drafts the freeze report in the freeze's own transaction (decision 1107), from the wallet as the
 * freeze locked it: the report and the freeze cannot disagree about what was frozen.
 */
export async function draftFreezeReport(q: Queryable, frozen: HoldView, proposedBy: string | null, goldBuyBack: GoldBuyBack, at: Date): Promise<FreezeReport> {
  const wallet = await walletBalances(q, frozen.userId);
  const report: FreezeReport = {
    holdId: frozen.id,
    customer: await reportedCustomer(q, frozen.userId),
    heldSince: frozen.placedAt,
    frozenAt: at.toISOString(),
    proposedBy,
    frozenBy: frozen.decidedBy ?? '',
    ...frozenValue(wallet, goldBuyBack()),
    ...(await openBusiness(q, frozen.userId)),
  };
  await insertFreezeReport(q, report, at);
  return report;
}

export async function freezeReport(q: Queryable, holdId: number): Promise<FreezeReport> {
  const report = await findFreezeReport(q, holdId);
  if (!report) throw notFound('freeze report');
  return report;
}
