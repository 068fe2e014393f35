import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../bootstrap.ts';
import { verifyAuditChain } from '../modules/audit/audit-chain.ts';
import { describeVerify } from './audit-verify-text.ts';

/**
 * `npm run audit:verify [-- --anchor-id N --anchor-hash H]`: checks the hash chain of the audit
 * trail of the configured database (DATABASE_URL, else the PGlite data folder, which must not be in
 * use by a running server) with the configured keys (AUDIT_HMAC_KEY and AUDIT_HMAC_PREVIOUS_KEYS):
 * the plain sha256 rows up to the cut-over, the keyed rows after it, across rotations; in
 * production a row under the public development key is a break. With an anchor (the flags, else
 * AUDIT_ANCHOR=id:hash) the trail must hold that row with that hash. It only reads (it records no
 * cut-over or rotation). Prints OK with the row count, the head (id and hash: keep it elsewhere as
 * an anchor, to detect a removed tail or a rewritten trail later) and the cut-over row, or the first
 * broken row; exit code 1 on a break, 2 when it cannot run.
 */
let config;
let opened;
let anchor;
try {
  const { values } = parseArgs({ options: { 'anchor-id': { type: 'string' }, 'anchor-hash': { type: 'string' } } });
  config = loadConfig();
  anchor = config.auditAnchor;
  if (values['anchor-id'] !== undefined || values['anchor-hash'] !== undefined) {
    const id = Number(values['anchor-id']);
    const hash = values['anchor-hash'] ?? '';
    if (!Number.isSafeInteger(id) || id < 1 || !/^[0-9a-f]{64}$/.test(hash)) {
      throw new ConfigError(['--anchor-id and --anchor-hash go together: a positive row id and its row hash (64 lowercase hex digits)']);
    }
    anchor = { id, hash };
  }
  opened = await openDatabase(config);
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? error.message
      : error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')
        ? error.message
        : `Cannot open the database: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(2);
}
try {
  const result = await verifyAuditChain(opened.db, config, undefined, anchor);
  console.log(describeVerify(result, opened.where, anchor?.id ?? null));
  if (!result.ok) process.exitCode = 1;
} finally {
  await opened.close();
}
