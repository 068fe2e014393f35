import { parseArgs } from 'node:util';
import { usernameField } from '@aurum/domain/validation/rules';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../bootstrap.ts';
import { AuditChainNotReadyError, writeAudit } from '../modules/audit/audit-writer.ts';
import { findAdminByUsername, recoverSecondFactor } from '../modules/auth/auth-service.ts';

/**
 * `npm run admin:second-factor-reset -- --username <name>`: removes an admin's second factor and
 * its recovery codes, for a last superAdmin who lost both (decision 0222); any other admin's factor is
 * reset by another superAdmin in the console. Audited (`admin.secondFactorRecover`, device `cli`).
 * The admin enrols again after the next sign-in (at once when its role requires the factor).
 */
const { values } = parseArgs({ options: { username: { type: 'string' } } });
if (!usernameField.safeParse(values.username ?? '').success) {
  console.error('Cannot reset the second factor:\n  - --username: letters and numbers, 1 to 50');
  process.exit(2);
}
const config = loadConfig(process.env);
const opened = await openDatabase(config);
try {
  const outcome = await opened.db
    .transaction(async (tx) => {
      const admin = await findAdminByUsername(tx, values.username!);
      if (!admin) return 'unknown' as const;
      const removed = await recoverSecondFactor(tx, admin.id);
      if (!removed) return 'none' as const;
      await writeAudit(
        tx,
        { username: 'system', adminId: null, action: 'admin.secondFactorRecover', detail: { after: { id: admin.id, username: admin.username, enrolled: false }, via: 'admin:second-factor-reset' }, device: 'cli', ip: null },
        config,
      );
      return 'reset' as const;
    })
    .catch((error: unknown) => {
      if (!(error instanceof AuditChainNotReadyError)) throw error;
      console.error(`Cannot reset the second factor: ${error.message}`);
      process.exitCode = 1;
      return undefined;
    });
  if (outcome === 'unknown') {
    console.error(`No admin is named ${values.username}.`);
    process.exitCode = 1;
  } else if (outcome === 'none') {
    console.error(`${values.username} has no second factor.`);
    process.exitCode = 1;
  } else if (outcome === 'reset') {
    console.log(`Removed the second factor of ${values.username} in ${opened.where}: it enrols again after its next sign-in.`);
  }
} finally {
  await opened.close();
}
