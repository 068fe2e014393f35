import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../bootstrap.ts';
import { verifyAuditChain } from '../modules/audit/audit-chain.ts';
import { auditKeyring } from '../modules/audit/audit-keys.ts';
import { cutoverAuditChain } from '../modules/audit/audit-writer.ts';
import { describeVerify } from './audit-verify-text.ts';

/**
 * `npm run audit:cutover`: the operator's one-time cut-over of the audit chain to keyed hashes
 * (decision 0305). In production the server never records it by itself
 * (`npm run admin:create` does on an empty audit table): it appends the `audit.keyCutover` row
 * under the configured AUDIT_HMAC_KEY after the plain sha256 rows of the configured database
 * (DATABASE_URL, else the PGlite data folder, which must not be in use by a running server), and
 * prints its id and hash to keep outside the database (AUDIT_ANCHOR). It refuses, writing nothing,
 * when the trail holds a keyed row already, and prints what verify says instead. Exit code 0 on a
 * cut-over, 1 when refused, 2 when it cannot run.
 */
let config;
let opened;
try {
  config = loadConfig();
  opened = await openDatabase(config);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
try {
  const done = await opened.db.transaction((tx) => cutoverAuditChain(tx, config));
  if ('cutover' in done) {
    const { id, hash } = done.cutover;
    console.log(
      `Cut-over recorded: audit row ${id} starts the keyed chain (HMAC-SHA256, key ${auditKeyring(config).currentKeyId}) in ${opened.where}.\n` +
        `Keep this anchor outside the database (AUDIT_ANCHOR=${id}:${hash}, or npm run audit:verify -- --anchor-id ${id} --anchor-hash ${hash}).`,
    );
  } else {
    const verified = await verifyAuditChain(opened.db, config);
    console.error(
      `Refused: the audit trail is keyed from row ${done.keyedRowId} on, so its cut-over was made already (nothing written). ` +
        `A trail that no longer ends with the current key was rewritten or awaits its key (AUDIT_HMAC_KEY, AUDIT_HMAC_PREVIOUS_KEYS). Verify says:\n${describeVerify(verified, opened.where)}`,
    );
    process.exitCode = 1;
  }
} finally {
  await opened.close();
}
