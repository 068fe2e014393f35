import { describe, expect, it } from 'vitest';
import { PERMISSIONS, can, permissionsOf, rolesWith } from '../permissions.ts';
import { ADMIN_ROLES, roleFromServer, SERVER_ROLE_OF } from '../roles.ts';

describe('can(admin, permission): DECISIONS.md §8', () => {
  it('role none can do nothing', () => {
    for (const p of PERMISSIONS) expect(can({ role: 'none' }, p)).toBe(false);
  });
  it('superAdmin can do everything', () => {
    for (const p of PERMISSIONS) expect(can({ role: 'superAdmin' }, p)).toBe(true);
  });
  it('no admin means no permission', () => {
    expect(can(null, 'addUser')).toBe(false);
    expect(can(undefined, 'addUser')).toBe(false);
  });
  const expectations: Array<[string, string[]]> = [
    ['addAdmin', ['superAdmin']],
    ['resetAdminPassword', ['superAdmin']],
    ['addUser', ['superAdmin', 'operationMaker', 'operationApprover']],
    ['deleteUser', ['superAdmin', 'operationApprover']],
    ['editAllUsersFee', ['superAdmin', 'operationApprover']],
    ['submitDepositRequest', ['superAdmin', 'financeMaker']],
    ['submitTransferRequest', ['superAdmin', 'financeMaker']],
    ['approveWithdrawalRequest', ['superAdmin', 'financeApprover']],
    ['declineTransferRequest', ['superAdmin', 'financeApprover']],
    ['addBankInfo', ['superAdmin', 'financeMaker', 'operationMaker']],
    ['approveBankInfo', ['superAdmin', 'financeApprover', 'operationApprover']],
    ['setManualPrice', ['superAdmin', 'operationApprover']],
    ['editSpreadAdjustment', ['superAdmin', 'operationApprover']],
    ['deleteHoliday', ['superAdmin', 'operationMaker', 'operationApprover']],
    ['activatePanic', ['superAdmin', 'operationApprover']],
    ['setAutoSettle', ['superAdmin', 'operationApprover']],
    ['createOrder', ['superAdmin', 'financeMaker', 'operationMaker']],
    ['addOrderPayment', ['superAdmin', 'financeMaker', 'operationMaker']],
    ['settleOrder', ['superAdmin', 'financeApprover', 'operationApprover']],
    ['cancelOrder', ['superAdmin', 'financeApprover', 'operationApprover']],
    ['revertOrder', ['superAdmin', 'financeApprover']],
    ['sendNotification', ['superAdmin', 'operationMaker', 'operationApprover']],
  ];
  it.each(expectations)('%s is granted to exactly %j', (permission, roles) => {
    const granted = ADMIN_ROLES.filter((role) => can({ role }, permission as (typeof PERMISSIONS)[number]));
    expect([...granted].sort()).toEqual([...roles].sort());
  });
  it('every permission is granted to at least superAdmin', () => {
    expect(permissionsOf('superAdmin')).toEqual([...PERMISSIONS]);
  });
  it('makers cannot approve what they submit', () => {
    expect(can({ role: 'financeMaker' }, 'approveDepositRequest')).toBe(false);
    expect(can({ role: 'financeApprover' }, 'submitDepositRequest')).toBe(false);
  });
});

describe('roleFromServer', () => {
  it('maps each server role to its internal name', () => {
    for (const role of ADMIN_ROLES) expect(roleFromServer(SERVER_ROLE_OF[role])).toBe(role);
  });
  it('an unknown or missing role becomes none', () => {
    expect(roleFromServer('ROOT')).toBe('none');
    expect(roleFromServer(undefined)).toBe('none');
    expect(roleFromServer(7)).toBe('none');
  });
});

describe('rolesWith(permission): who may do a blocked action', () => {
  it('names exactly the roles that can, in role order', () => {
    expect(rolesWith('approveDepositRequest')).toEqual(['superAdmin', 'financeApprover']);
    expect(rolesWith('approveBankInfo')).toEqual(['superAdmin', 'financeApprover', 'operationApprover']);
    expect(rolesWith('verifyAudit')).toEqual(['superAdmin']);
    for (const permission of PERMISSIONS) {
      for (const role of ADMIN_ROLES) expect(rolesWith(permission).includes(role), `${role} ${permission}`).toBe(can({ role }, permission));
    }
  });
});
