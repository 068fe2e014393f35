import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { countAdmins, insertAdmin } from '../modules/admins/admin-service.ts';
import { writeAudit } from '../modules/audit/audit-writer.ts';
import { hashPassword } from '../modules/auth/auth-service.ts';
import { DEMO_ADMINS, DEMO_USERS } from './demo-accounts.ts';
import { seedPeople } from './demo-people.ts';
import { seedVault } from './demo-vault.ts';
import { seedOrders } from './demo-orders.ts';
import { seedRequests } from './demo-requests.ts';
import { fileReceiptStorage, receiptRoot } from '../modules/assets/receipt-storage.ts';

export interface SeededSignIn {
  username: string;
  password: string;
  role: string;
}

/**
 * On an empty database: the first superAdmin (AURUM_ADMIN_USERNAME / AURUM_ADMIN_PASSWORD), a demo
 * admin of every other role and a demo user of every category. Answers the sign-ins it created,
 * or an empty list when the database already had admins. `hash` makes the password hashes (a test
 * harness may hand out the same hash of a demo password to every database it seeds).
 */
export async function seedDemo(db: Db, config: Config, hash: (password: string) => Promise<string> = hashPassword): Promise<SeededSignIn[]> {
  const hashes = await Promise.all([config.adminPassword, ...DEMO_ADMINS.map((a) => a.password)].map(hash));
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7261002)'); // two processes starting at once seed once
    if ((await countAdmins(tx)) > 0) return [];
    const rootId = await insertAdmin(tx, {
      username: config.adminUsername,
      email: config.adminEmail,
      firstName: 'Aurum',
      lastName: 'Administrator',
      role: 'superAdmin',
      passwordHash: hashes[0]!,
      createdBy: null,
    });
    const signIns: SeededSignIn[] = [{ username: config.adminUsername, password: config.adminPassword, role: 'superAdmin' }];
    const adminIds = new Map<string, number>();
    for (const [i, admin] of DEMO_ADMINS.entries()) {
      const adminId = await insertAdmin(tx, {
        username: admin.username,
        email: `${admin.username}@aurum.example`,
        firstName: admin.firstName,
        lastName: admin.lastName,
        role: admin.role,
        passwordHash: hashes[i + 1]!,
        createdBy: rootId,
      });
      adminIds.set(admin.role, adminId);
      signIns.push({ username: admin.username, password: admin.password, role: admin.role });
    }
    const userIds = new Map<string, number>();
    for (const user of DEMO_USERS) {
      const [created] = await tx.query<{ id: number }>(
        `INSERT INTO users (username, email, first_name, last_name, category, company_name, phone_country_code, phone_number, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, '60', $7, $8) RETURNING id`,
        [
          user.username,
          user.email,
          user.firstName,
          user.lastName,
          user.category,
          'companyName' in user ? user.companyName : null,
          `12${String(1000000 + user.username.length * 7919).slice(0, 7)}`,
          rootId,
        ],
      );
      userIds.set(user.username, created!.id);
    }
    await seedVault(tx, rootId); // first: the bars cover the demo wallets and orders (the coverage rule, decision 0837)
    await seedPeople(tx, {
      users: userIds,
      maker: adminIds.get('financeMaker')!,
      approver: adminIds.get('financeApprover')!,
      root: rootId,
    });
    await seedOrders(tx, { users: userIds, maker: adminIds.get('financeMaker')!, approver: adminIds.get('financeApprover')! });
    const receipts = fileReceiptStorage(receiptRoot(config.dataDir));
    await seedRequests(tx, { users: userIds, maker: adminIds.get('financeMaker')!, approver: adminIds.get('financeApprover')! }, receipts);
    // the two lists every Malaysian reporting institution screens against, empty until an officer uploads a version (decision 1103)
    await tx.query(
      `INSERT INTO screening_lists (code, kind, format, name, created_at) VALUES
       ('un-sc', 'un', 'unXml', 'UN Security Council consolidated list', now()),
       ('kdn-66b', 'ministry', 'ministryPdf', 'Home Ministry list (AMLA s.66B)', now())`,
    );
    await writeAudit(tx, {
      username: 'system',
      adminId: null,
      action: 'admin.create',
      detail: { seed: true, admins: signIns.map((s) => ({ username: s.username, role: s.role })), users: DEMO_USERS.length },
      device: 'seed',
      ip: null,
    }, config, { cutover: 'emptyTrail' }); // the first admins of an empty database: as admin:create, it may record the cut-over
    return signIns;
  });
}
