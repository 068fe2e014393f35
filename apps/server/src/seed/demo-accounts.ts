import type { AdminRole } from '@aurum/domain/access/roles';

/** Demo admins, one per role (SPEC.md §6), seeded on an empty development database. */
export const DEMO_ADMINS: ReadonlyArray<{ username: string; role: Exclude<AdminRole, 'superAdmin'>; firstName: string; lastName: string; password: string }> = [
  { username: 'financemaker', role: 'financeMaker', firstName: 'Farah', lastName: 'Maker', password: 'Finance#Maker1' },
  { username: 'financeapprover', role: 'financeApprover', firstName: 'Faisal', lastName: 'Approver', password: 'Finance#Approve1' },
  { username: 'operationmaker', role: 'operationMaker', firstName: 'Oliver', lastName: 'Maker', password: 'Operation#Maker1' },
  { username: 'operationapprover', role: 'operationApprover', firstName: 'Olivia', lastName: 'Approver', password: 'Operation#Approve1' },
  { username: 'viewer', role: 'none', firstName: 'Vera', lastName: 'Viewer', password: 'Viewer#Read1' },
  { username: 'complianceofficer', role: 'complianceOfficer', firstName: 'Chandra', lastName: 'Officer', password: 'Compliance#Officer1' },
  { username: 'complianceapprover', role: 'complianceApprover', firstName: 'Citra', lastName: 'Approver', password: 'Compliance#Approve1' },
];

/** Demo users, one per category. */
export const DEMO_USERS = [
  { username: 'aminah', email: 'aminah@example.com', firstName: 'Aminah', lastName: 'Rahman', category: 'individual' },
  { username: 'kumar', email: 'kumar@example.com', firstName: 'Kumar', lastName: 'Agent', category: 'agent' },
  { username: 'goldenlotus', email: 'shop@goldenlotus.example', firstName: 'Mei', lastName: 'Tan', category: 'jewelleryShop', companyName: 'Golden Lotus Jewellery Sdn Bhd' },
  { username: 'kilnworks', email: 'ops@kilnworks.example', firstName: 'Hafiz', lastName: 'Ismail', category: 'manufacturer', companyName: 'Kiln Works Manufacturing' },
  { username: 'bullionhouse', email: 'desk@bullionhouse.example', firstName: 'Wei', lastName: 'Lim', category: 'wholesaler', companyName: 'Bullion House Trading' },
  { username: 'newcomer', email: 'newcomer@example.com', firstName: 'Nadia', lastName: 'Omar', category: 'none' },
] as const;
