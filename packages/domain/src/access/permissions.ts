import { ADMIN_ROLES, type AdminRole } from './roles.ts';

/** Deciding deposit, withdrawal and transfer requests: the finance approver's. */
const REQUEST_DECISIONS = [
  'approveDepositRequest',
  'declineDepositRequest',
  'approveWithdrawalRequest',
  'declineWithdrawalRequest',
  'approveTransferRequest',
  'declineTransferRequest',
] as const;

/**
 * Every permission (SPEC.md §6 plus those DECISIONS.md §8 adds), declared once.
 * Routes name one of these; the console asks `can` before showing a control.
 */
export const PERMISSIONS = [
  'editAdmin',
  'addAdmin',
  'deleteAdmin',
  'logoutAdmin',
  'resetAdminPassword',
  'editAllUsersFee',
  'editUser',
  'addUser',
  'deleteUser',
  'logoutUser',
  'resetUserPassword',
  'submitDepositRequest',
  'submitWithdrawalRequest',
  'submitTransferRequest',
  ...REQUEST_DECISIONS,
  'editCurrencyAdjustment',
  'editSpreadAdjustment',
  'setManualPrice',
  'addHoliday',
  'editHoliday',
  'deleteHoliday',
  'activatePanic',
  'deactivatePanic',
  'addBankInfo',
  'updateBankInfo',
  'deleteBankInfo',
  'approveBankInfo',
  'declineBankInfo',
  'setAutoSettle',
  'deactivateTradingPeriod',
  'activateTradingPeriod',
  'createOrder',
  'addOrderPayment',
  'settleOrder',
  'cancelOrder',
  'revertOrder',
  'sendNotification',
  'verifyAudit',
  'resetAdminSecondFactor',
  'requireSecondFactor',
  // saved views of the lists (decision 0715): keeping one's own, deleting any admin's
  'saveView',
  'deleteAnySavedView',
  'exportData',
  // treasury (decision 0802): bar movements with maker-checker, hedges, bands
  'recordBarMovement',
  'approveBarMovement',
  'recordHedge',
  'setTreasuryLimits',
  'resolveReconciliationBreak',
  // finance desk (decision 1001): a maker prepares, an approver closes; reopening is the superAdmin's
  'closeBusinessDay',
  'reopenBusinessDay',
  'proposeLedgerAdjustment',
  'approveLedgerAdjustment',
  // the accountant's mapping of GL codes, applied to the accounting exports (decision 1018)
  'editGlMapping',
  // the compliance desk (decision 1101): holds read, placed and proposed by an officer, agreed by a second
  'readCompliance',
  'placeComplianceHold',
  'decideComplianceHold',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

type Grantee = Exclude<AdminRole, 'none'>;

/** The table of DECISIONS.md §8, one row per group of permissions. */
const GRANTS: ReadonlyArray<readonly [readonly Permission[], readonly Grantee[]]> = [
  [['addAdmin', 'editAdmin', 'deleteAdmin', 'logoutAdmin', 'resetAdminPassword'], ['superAdmin']],
  [['addUser', 'editUser', 'logoutUser', 'resetUserPassword'], ['superAdmin', 'operationMaker', 'operationApprover']],
  [['deleteUser', 'editAllUsersFee'], ['superAdmin', 'operationApprover']],
  [['submitDepositRequest', 'submitWithdrawalRequest', 'submitTransferRequest'], ['superAdmin', 'financeMaker']],
  [REQUEST_DECISIONS, ['superAdmin', 'financeApprover']],
  [['addBankInfo', 'updateBankInfo', 'deleteBankInfo'], ['superAdmin', 'financeMaker', 'operationMaker']],
  [['approveBankInfo', 'declineBankInfo'], ['superAdmin', 'financeApprover', 'operationApprover']],
  [['editCurrencyAdjustment', 'editSpreadAdjustment', 'setManualPrice'], ['superAdmin', 'operationApprover']],
  [['addHoliday', 'editHoliday', 'deleteHoliday'], ['superAdmin', 'operationMaker', 'operationApprover']],
  [
    ['activatePanic', 'deactivatePanic', 'activateTradingPeriod', 'deactivateTradingPeriod', 'setAutoSettle'],
    ['superAdmin', 'operationApprover'],
  ],
  [['createOrder', 'addOrderPayment'], ['superAdmin', 'financeMaker', 'operationMaker']],
  [['settleOrder', 'cancelOrder'], ['superAdmin', 'financeApprover', 'operationApprover']],
  [['revertOrder'], ['superAdmin', 'financeApprover']],
  [['sendNotification'], ['superAdmin', 'operationMaker', 'operationApprover']],
  [['verifyAudit'], ['superAdmin']],
  // reset another admin's second factor; require the factor per role (decision 0222)
  [['resetAdminSecondFactor', 'requireSecondFactor'], ['superAdmin']],
  [['saveView'], ['superAdmin', 'financeApprover', 'financeMaker', 'operationApprover', 'operationMaker']],
  [['deleteAnySavedView'], ['superAdmin']],
  // CSV export of the lists (decision 0120); role none reads on screen only
  [['exportData'], ['superAdmin', 'financeMaker', 'financeApprover', 'operationMaker', 'operationApprover']],
  // the vault's bars move on a maker's record and a second admin's approval (maker-checker by admin id)
  [['recordBarMovement'], ['superAdmin', 'operationMaker', 'financeMaker']],
  [['approveBarMovement'], ['superAdmin', 'operationApprover', 'financeApprover']],
  [['recordHedge'], ['superAdmin', 'financeMaker', 'financeApprover']],
  [['setTreasuryLimits'], ['superAdmin', 'financeApprover']],
  [['resolveReconciliationBreak'], ['superAdmin', 'financeApprover', 'operationApprover']],
  [['closeBusinessDay', 'approveLedgerAdjustment'], ['superAdmin', 'financeApprover']],
  [['proposeLedgerAdjustment'], ['superAdmin', 'financeMaker']],
  [['reopenBusinessDay'], ['superAdmin']],
  [['editGlMapping'], ['superAdmin', 'financeApprover']],
  // why a customer is held is the compliance desk's alone (tipping off is an offence): no other role reads it
  [['readCompliance', 'placeComplianceHold'], ['superAdmin', 'complianceOfficer', 'complianceApprover']],
  [['decideComplianceHold'], ['superAdmin', 'complianceApprover']],
];

function buildTable(): Readonly<Record<AdminRole, ReadonlySet<Permission>>> {
  const table: Record<AdminRole, Set<Permission>> = {
    none: new Set(),
    superAdmin: new Set(),
    financeApprover: new Set(),
    financeMaker: new Set(),
    operationApprover: new Set(),
    operationMaker: new Set(),
    complianceOfficer: new Set(),
    complianceApprover: new Set(),
  };
  for (const [permissions, roles] of GRANTS) {
    for (const role of roles) for (const permission of permissions) table[role].add(permission);
  }
  return table;
}

export const ROLE_PERMISSIONS = buildTable();

/** The permissions a role grants, in catalogue order (for the admin information table). */
export function permissionsOf(role: AdminRole): Permission[] {
  return PERMISSIONS.filter((p) => ROLE_PERMISSIONS[role].has(p));
}

/** Whether an admin (anything with a role) may do what the permission guards. */
export function can(admin: { role: AdminRole } | null | undefined, permission: Permission): boolean {
  if (!admin) return false;
  return ROLE_PERMISSIONS[admin.role]?.has(permission) ?? false;
}

/** The roles that grant a permission, in role order (what a blocked action names: "a finance approver or a super admin may"). */
export function rolesWith(permission: Permission): AdminRole[] {
  return ADMIN_ROLES.filter((role) => ROLE_PERMISSIONS[role].has(permission));
}
