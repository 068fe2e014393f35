/** Admin roles (SPEC.md §6). `none` reads everything and changes nothing (DECISIONS.md §8). */
export const ADMIN_ROLES = [
  'none',
  'superAdmin',
  'financeApprover',
  'financeMaker',
  'operationApprover',
  'operationMaker',
  // the compliance desk (decision 1101): an officer places holds and proposes; an approver agrees
  'complianceOfficer',
  'complianceApprover',
] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** How each role travels on the wire (the `role` of the login answer's user). */
export const SERVER_ROLE_OF: Readonly<Record<AdminRole, string>> = {
  none: 'NONE',
  superAdmin: 'SUPER_ADMIN',
  financeApprover: 'FINANCE_APPROVER',
  financeMaker: 'FINANCE_MAKER',
  operationApprover: 'OPERATION_APPROVER',
  operationMaker: 'OPERATION_MAKER',
  complianceOfficer: 'COMPLIANCE_OFFICER',
  complianceApprover: 'COMPLIANCE_APPROVER',
};

/** Maps a role from the server to the internal name; an unknown role becomes none (SPEC.md §3). */
export function roleFromServer(value: unknown): AdminRole {
  if (typeof value !== 'string') return 'none';
  for (const role of ADMIN_ROLES) {
    if (SERVER_ROLE_OF[role] === value || role === value) return role;
  }
  return 'none';
}

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}
