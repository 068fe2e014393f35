import { parseArgs } from 'node:util';
import { isAdminRole } from '@aurum/domain/access/roles';
import { emailField, passwordField, usernameField } from '@aurum/domain/validation/rules';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../bootstrap.ts';
import { findAdminByUsername, insertAdmin } from '../modules/admins/admin-repository.ts';
import { writeAudit } from '../modules/audit/audit-writer.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

/**
 * `npm run admin:create -- --username <name> --email <address> [--role superAdmin] [--first A --last B]`
 * with the password in AURUM_ADMIN_PASSWORD. The explicit way to make the first superAdmin of a
 * production database (a production start seeds nothing).
 */
const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string', default: 'superAdmin' },
    first: { type: 'string', default: '' },
    last: { type: 'string', default: '' },
  },
});
const problems: string[] = [];
const password = process.env.AURUM_ADMIN_PASSWORD ?? '';
if (!usernameField.safeParse(values.username ?? '').success) problems.push('--username: letters and numbers, 1 to 50');
if (!emailField.safeParse(values.email ?? '').success) problems.push('--email: a valid e-mail address');
if (!isAdminRole(values.role)) problems.push('--role: none, superAdmin, financeApprover, financeMaker, operationApprover or operationMaker');
if (!passwordField.safeParse(password).success) {
  problems.push('AURUM_ADMIN_PASSWORD: 8+ characters with lower and upper case letters, a number and a symbol, no spaces');
}
if (problems.length > 0) {
  console.error(`Cannot create the admin:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(2);
}
const config = loadConfig({ ...process.env, AURUM_ADMIN_PASSWORD: password });
const opened = await openDatabase(config);
try {
  const passwordHash = await hashPassword(password);
  const id = await opened.db.transaction(async (tx) => {
    if (await findAdminByUsername(tx, values.username!)) return null;
    const newId = await insertAdmin(tx, {
      username: values.username!,
      email: values.email!,
      firstName: values.first!,
      lastName: values.last!,
      role: values.role as Parameters<typeof insertAdmin>[1]['role'],
      passwordHash,
      createdBy: null,
    });
    await writeAudit(tx, {
      username: 'system',
      adminId: null,
      action: 'admin.create',
      detail: { after: { id: newId, username: values.username, email: values.email, role: values.role }, via: 'admin:create' },
      device: 'cli',
      ip: null,
    });
    return newId;
  });
  if (id === null) {
    console.error(`An admin named ${values.username} already exists.`);
    process.exitCode = 1;
  } else {
    console.log(`Created ${values.role} ${values.username} (id ${id}) in ${opened.where}.`);
  }
} finally {
  await opened.close();
}
