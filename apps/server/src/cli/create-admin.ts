import { parseArgs } from 'node:util';
import { isAdminRole } from '@aurum/domain/access/roles';
import { emailField, passwordField, usernameField } from '@aurum/domain/validation/rules';
import { passwordStrength } from '@aurum/domain/auth/password-strength';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../bootstrap.ts';
import { insertAdmin } from '../modules/admins/admin-service.ts';
import { AuditChainNotReadyError, writeAudit } from '../modules/audit/audit-writer.ts';
import { findAdminByUsername, hashPassword } from '../modules/auth/auth-service.ts';

/**
 * `npm run admin:create -- --username <name> --email <address> [--role superAdmin] [--first A --last B]`
 * with the password in AURUM_ADMIN_PASSWORD. The explicit way to make the first superAdmin of a
 * production database (a production start seeds nothing). On an empty audit table it records the
 * audit chain's cut-over to keyed hashes first (the operator's own action: decision 0305);
 * on a trail that is not at the configured key and may not be brought there
 * automatically, it creates nothing and says what to run.
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
} else {
  const strength = passwordStrength(password, [values.username ?? '', values.email ?? '', values.first ?? '', values.last ?? '']);
  if (!strength.strongEnough) problems.push(`AURUM_ADMIN_PASSWORD: ${strength.reason}`);
}
if (problems.length > 0) {
  console.error(`Cannot create the admin:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(2);
}
const config = loadConfig({ ...process.env, AURUM_ADMIN_PASSWORD: password });
const opened = await openDatabase(config);
try {
  const passwordHash = await hashPassword(password);
  let recorded: Awaited<ReturnType<typeof writeAudit>> = null;
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
    recorded = await writeAudit(tx, {
      username: 'system',
      adminId: null,
      action: 'admin.create',
      detail: { after: { id: newId, username: values.username, email: values.email, role: values.role }, via: 'admin:create' },
      device: 'cli',
      ip: null,
    }, config, { cutover: 'emptyTrail' });
    return newId;
  }).catch((error: unknown) => {
    if (!(error instanceof AuditChainNotReadyError)) throw error;
    console.error(`Cannot create the admin: ${error.message}`);
    process.exitCode = 1;
    return undefined;
  });
  if (id === undefined) {
    // refused above: nothing was written
  } else if (id === null) {
    console.error(`An admin named ${values.username} already exists.`);
    process.exitCode = 1;
  } else {
    console.log(`Created ${values.role} ${values.username} (id ${id}) in ${opened.where}.`);
    if (recorded === 'cutover') console.log('The audit chain is keyed from its first row on (the cut-over, with AUDIT_HMAC_KEY). Keep the head `npm run audit:verify` prints as AUDIT_ANCHOR.');
    if (recorded === 'rotation') console.log('The audit chain rotated to AUDIT_HMAC_KEY.');
  }
} finally {
  await opened.close();
}
