import { loadConfig } from '../config.ts';
import { openDatabase } from '../bootstrap.ts';
import { verifyAuditChain } from '../modules/audit/audit-chain.ts';

/**
 * `npm run audit:verify`: checks the hash chain of the audit trail of the configured database
 * (DATABASE_URL, else the PGlite data folder, which must not be in use by a running server).
 * Prints OK with the row count and the head (id and hash: keep it elsewhere to detect a removed
 * tail later), or the first broken row; exit code 1 on a break, 2 when it cannot run.
 */
let opened;
try {
  opened = await openDatabase(loadConfig());
} catch (error) {
  console.error(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
try {
  const result = await verifyAuditChain(opened.db);
  if (result.ok) {
    const head = result.head ? `head row ${result.head.id} ${result.head.hash}` : 'empty trail';
    console.log(`OK: ${result.checked} audit rows chained (${head}) in ${opened.where}.`);
  } else {
    console.log(`BROKEN at audit row ${result.broken!.id} (${result.broken!.kind}): ${result.broken!.reason}. ${result.checked} rows before it are intact.`);
    process.exitCode = 1;
  }
} finally {
  await opened.close();
}
