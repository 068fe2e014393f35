import { readdir } from 'node:fs/promises';
import { Decimal } from '@aurum/domain/money/decimal';
import { LEDGER_ASSETS, assetOf, balancesFromJournal, parseAccount, walletOf, type AccountId, type Posting } from '@aurum/domain/wallet/ledger';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import { verifyAuditChain } from '../modules/audit/audit-chain.ts';
import { walletBalances } from '../modules/wallet/wallet-service.ts';
import { createdBlockDrift, statusCountDrift } from '../modules/orders/order-counts-repository.ts';
import { allUserIds, appliedMigrations, tableFigures } from '../modules/backup/backup-repository.ts';
import { entriesLackingPostings, everyPosting } from '../modules/ledger/ledger-service.ts';
import { figureDifferences } from '../modules/backup/backup-service.ts';
import type { BackupManifest } from '../modules/backup/backup-file.ts';
import { describeVerify } from './audit-verify-text.ts';

export interface InvariantReport {
  /** What was checked, with its figures (printed after OK). */
  figures: string[];
  /** Each broken invariant, one line each; none: the backup is sound. */
  breaks: string[];
}

/**
 * The invariants a restored backup must hold (`npm run backup:verify`): its tables equal what the
 * backup recorded at its moment; every user's balances as the server derives them equal the sum of
 * the journal's postings as the domain recomputes it, each asset sums to zero, no user account is
 * below zero, every entry has postings; the audit chain verifies with the configured keys; the
 * order counters equal count(*), the date summaries' blocks and spans cover every order; the
 * migrations are this version's, all applied. A copy with no record of its tables (a point-in-time
 * restore: `manifest` null) is checked on everything else.
 */
export async function checkInvariants(db: Db, config: Config, manifest: BackupManifest | null): Promise<InvariantReport> {
  const figures: string[] = [];
  const breaks: string[] = [];

  const restored = await db.transaction((tx) => tableFigures(tx));
  const differences = manifest ? figureDifferences(manifest.tables, restored) : [];
  breaks.push(...differences);
  const rows = Object.values(restored).reduce((n, t) => n + t.rows, 0);
  if (!manifest) figures.push(`tables: ${Object.keys(restored).length} tables, ${rows} rows (no record of a backup's tables to compare with)`);
  else if (differences.length === 0) figures.push(`tables: ${Object.keys(restored).length} tables, ${rows} rows, each equal to the backup's record (count and checksum)`);

  const head = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_[a-z0-9_-]+\.sql$/.test(f)).sort();
  const applied = await appliedMigrations(db);
  const missing = head.filter((f) => !applied.includes(f));
  const unknown = applied.filter((f) => !head.includes(f));
  if (missing.length > 0) breaks.push(`migrations not at head: ${missing.length} of this version not applied (${missing.join(', ')}); a server started on it would apply them`);
  if (unknown.length > 0) breaks.push(`migrations this version does not have: ${unknown.join(', ')} (a backup of a newer version)`);
  if (missing.length === 0 && unknown.length === 0) figures.push(`migrations: at head (${applied.length}, last ${applied.at(-1) ?? 'none'})`);

  const postings: Posting[] = (await everyPosting(db)).map((r) => ({ from: r.from_account as AccountId, to: r.to_account as AccountId, asset: r.asset as Posting['asset'], amount: r.amount }));
  const journal = balancesFromJournal(postings);
  const ledgerBreaks: string[] = [];
  for (const asset of LEDGER_ASSETS) {
    let sum = new Decimal(0);
    for (const [account, value] of journal) if (assetOf(account) === asset) sum = sum.plus(value);
    if (!sum.isZero()) ledgerBreaks.push(`ledger: ${asset} sums to ${sum.toFixed()} over all accounts, not zero`);
  }
  const userIds = new Set(await allUserIds(db));
  for (const [account, value] of journal) {
    const parsed = parseAccount(account);
    if (parsed?.kind !== 'user') continue;
    userIds.add(parsed.userId);
    if (new Decimal(value).lt(0)) ledgerBreaks.push(`ledger: ${account} is ${value}, below zero`);
  }
  for (const userId of [...userIds].sort((a, b) => a - b)) {
    const derived = await walletBalances(db, userId);
    const summed = walletOf(journal, userId);
    if (JSON.stringify(derived) !== JSON.stringify(summed)) {
      ledgerBreaks.push(`ledger: user ${userId}'s balances ${JSON.stringify(derived)} differ from the sum of its postings ${JSON.stringify(summed)}`);
    }
  }
  const orphans = await entriesLackingPostings(db);
  if (orphans > 0) ledgerBreaks.push(`ledger: ${orphans} journal entries without postings`);
  breaks.push(...ledgerBreaks);
  if (ledgerBreaks.length === 0) figures.push(`ledger: ${postings.length} postings; the balances of ${userIds.size} users equal the sums of their postings, every asset sums to zero`);

  const audit = await verifyAuditChain(db, config);
  if (audit.ok) figures.push(`audit chain: ${describeVerify(audit, 'the restored copy')}`);
  else breaks.push(`audit chain: ${describeVerify(audit, 'the restored copy')}`);

  const drift = await statusCountDrift(db);
  if (drift.length > 0) breaks.push(`order counters differ from count(*): ${drift.map((d) => `${d.status}: counted ${d.counted}, counters ${d.kept}`).join('; ')}`);
  else figures.push(`order counters: equal to count(*) (${restored.orders?.rows ?? 0} orders)`);
  // the blocks and spans of creation and fill dates the date filters read by (migration 025)
  const blocks = await createdBlockDrift(db);
  if (blocks.length > 0) breaks.push(`the creation and fill dates' summaries do not cover the orders of ${blocks.slice(0, 10).join(', ')}`);
  else figures.push('order creation blocks: cover every order');

  return { figures, breaks };
}
