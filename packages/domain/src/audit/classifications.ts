/**
 * Audit action classifications: the `action` of an audit row (SPEC.md §3 audit log), declared
 * once. Later issues add their own here. Keys read `<noun>.<verb>`.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.loginFailed',
  'auth.logout',
  'auth.forgotPassword',
  'auth.resetPassword',
  // staff second factor and sessions
  'auth.secondFactorEnrol',
  'auth.sessionEnd',
  'admin.secondFactorReset',
  'admin.secondFactorRecover',
  'admin.sessionEnd',
  'secondFactor.roles',
  'admin.create',
  'admin.forceLogout',
  'access.denied',
  'mode.panic',
  'mode.tradingPeriod',
  'mode.autoSettle',
  'holiday.create',
  'holiday.update',
  'holiday.delete',
  'adjust.currency',
  'adjust.spread',
  'adjust.userFee',
  'price.manualSet',
  'price.manualClear',
  // the price feed's health changed (stale, sources disagree, healthy again), written by the server (decision 0863)
  'price.feedHealth',
  // people and access (users, bank accounts, admins)
  'admin.update',
  'admin.delete',
  'admin.resetPassword',
  'user.create',
  'user.update',
  'user.address',
  'user.tradeConfig',
  'user.feeUpdateAll',
  'user.delete',
  'user.resetPassword',
  'user.logout',
  'bank.add',
  'bank.update',
  'bank.approve',
  'bank.decline',
  'bank.delete',
  // orders
  'order.create',
  'order.customize',
  'order.settle',
  'order.cancel',
  'order.revert',
  'order.payment',
  // payment requests (deposit, withdrawal, transfer)
  'asset.create',
  'asset.approve',
  'asset.decline',
  // the checker inbox: one row per bulk decision (each item has its own row, as on its single-item route)
  'inbox.decide',
  // notifications
  'notification.send',
  // the compliance desk's holds (decision 1101): the customer is the object; the desk's notes stay out of the trail
  'compliance.holdPlace',
  'compliance.holdPropose',
  'compliance.holdAgree',
  // the due diligence enforcement switch (decision 1106)
  'compliance.policyPropose',
  'compliance.policyAgree',
  'compliance.policyDecline',
  // screening lists (decision 1103): which file, its hash and counts; a version activated or rejected by a second officer
  'compliance.listCreate',
  'compliance.listUpload',
  'compliance.listActivate',
  'compliance.listReject',
  // the customer's due diligence file (decision 1102): saved, verified, its enhanced due diligence approved
  'compliance.dueDiligenceSave',
  'compliance.dueDiligenceVerify',
  'compliance.dueDiligenceApprove',
  // screening hits (decision 1104): a dismissal proposed and agreed, a hit confirmed, a customer screened now
  'compliance.hitDismissPropose',
  'compliance.hitDismissAgree',
  'compliance.hitConfirm',
  'compliance.screenCustomer',
  // saved views of the lists
  'savedView.create',
  'savedView.update',
  'savedView.delete',
  // treasury reconciliation: a run on demand, a break resolved with a note
  'reconciliation.run',
  'reconciliation.resolve',
  // hedges with outside providers
  'hedge.record',
  'hedge.link',
  'hedge.settle',
  'hedge.cancel',
  // a list exported as CSV (the list, its filter, the rows sent)
  'data.export',
  // treasury books, position and coverage: settings changed, a coverage refusal or flag, a band crossing
  'treasury.settings',
  'treasury.coverage',
  'treasury.band',
  // the vault, bar by bar: a vault, movements recorded by a maker, decided by a checker, a weight list imported
  'vault.create',
  'vault.receive',
  'vault.release',
  'vault.dispatch',
  'vault.arrive',
  'vault.status',
  'vault.approve',
  'vault.decline',
  'vault.import',
  // the finance desk: a business day closed (or refused by its checks) and reopened, ledger adjustments proposed and decided
  'finance.dayClose',
  'finance.dayReopen',
  'finance.adjustmentPropose',
  'finance.adjustmentApprove',
  'finance.adjustmentDecline',
  // months, years and reopenings: proposed by one admin, decided by another (decision 1041)
  'finance.periodPropose',
  'finance.reopenPropose',
  'finance.proposalApprove',
  'finance.proposalDecline',
  // the finance desk: the one-time move of income booked before the income accounts (decision 1021)
  'finance.reclassification',
  // the accountant's mapping of GL codes replaced by an uploaded file (decision 1018)
  'finance.glMapping',
  // the audit chain itself (written by the server, not by a route): keyed hashes begin, the key changes
  'audit.keyCutover',
  'audit.keyRotation',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}
