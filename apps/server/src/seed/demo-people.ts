import { houseAccount, userAccount, type Posting } from '@aurum/domain/wallet/ledger';
import type { TradeConfigBody } from '@aurum/domain/users/user-schemas';
import type { Queryable } from '../db/db.ts';
import { postEntry } from '../modules/ledger/ledger-service.ts';

type Status = 'pending' | 'approved' | 'declined';

interface DemoPerson {
  address?: { streetOne: string; streetTwo?: string; city: string; state: string; postalCode: string; country: string };
  tradeConfig?: Partial<TradeConfigBody>;
  /** submitted by a maker; decided (approved or declined) by an approver (maker-checker) */
  bank?: { bankName: string; accountOwner: string; accountNumber: string; status: Status };
  /** opening wallet: MYR from house:bank, XAU grams from house:vault, credit from house:creditLine */
  wallet?: { fund?: string; gold?: string; credit?: string };
}

/** Demo data of the people issue, by username of DEMO_USERS: every bank account state, wallets with money. */
export const DEMO_PEOPLE: Readonly<Record<string, DemoPerson>> = {
  aminah: {
    address: { streetOne: '12 Jalan Bukit Bintang', city: 'Kuala Lumpur', state: 'Wilayah Persekutuan', postalCode: '55100', country: 'Malaysia' },
    bank: { bankName: 'Maybank', accountOwner: 'Aminah Rahman', accountNumber: '114012345678', status: 'approved' },
    wallet: { fund: '25000.00', gold: '120.5000' },
  },
  kumar: {
    address: { streetOne: '8 Lebuh Pantai', city: 'George Town', state: 'Penang', postalCode: '10300', country: 'Malaysia' },
    tradeConfig: { allowedAction: 'buyAndSell', allowedPair: 'XAU/MYR', premium: '0.500', feeAdjustMode: 'buy', tier: 'silver' },
    bank: { bankName: 'CIMB Bank', accountOwner: 'Kumar Agent', accountNumber: '8001234567', status: 'pending' },
    wallet: { fund: '5000.00' },
  },
  goldenlotus: {
    address: { streetOne: 'Lot 3, Jalan Sultan', streetTwo: 'Petaling Street', city: 'Kuala Lumpur', state: 'Wilayah Persekutuan', postalCode: '50000', country: 'Malaysia' },
    tradeConfig: { allowedAction: 'buyOnly', tradeLimit: '1000.0000', tier: 'platinum' },
    bank: { bankName: 'Public Bank', accountOwner: 'Golden Lotus Jewellery Sdn Bhd', accountNumber: '3123456789', status: 'declined' },
    wallet: { fund: '150000.00', gold: '1000.0000' },
  },
  kilnworks: {
    address: { streetOne: '21 Jalan Perusahaan', city: 'Shah Alam', state: 'Selangor', postalCode: '40000', country: 'Malaysia' },
    tradeConfig: { interestRate: '0.010000', refineryFees: '0.200', feeAdjustMode: 'sell' },
    wallet: { gold: '250.0000', credit: '50000.00' },
  },
  bullionhouse: {
    address: { streetOne: 'Level 20, Menara Bullion', city: 'Johor Bahru', state: 'Johor', postalCode: '80000', country: 'Malaysia' },
    tradeConfig: { allowedPair: 'XAU/USD', tradeLimit: '10000.0000', feeAdjustMode: 'both', premium: '0.250', refineryFees: '0.150', tier: 'gold' },
    bank: { bankName: 'RHB Bank', accountOwner: 'Bullion House Trading', accountNumber: '21234500012345', status: 'approved' },
    wallet: { fund: '500000.00', gold: '5000.0000', credit: '200000.00' },
  },
};

/**
 * Gives the demo users addresses, trade configurations, bank accounts in every state and opening
 * wallets (through postEntry, like every change of a balance), in the seed's transaction.
 */
export async function seedPeople(
  tx: Queryable,
  ids: { users: ReadonlyMap<string, number>; maker: number; approver: number; root: number },
): Promise<void> {
  for (const [username, person] of Object.entries(DEMO_PEOPLE)) {
    const userId = ids.users.get(username);
    if (userId === undefined) continue;
    if (person.address) {
      const a = person.address;
      await tx.query(
        `INSERT INTO user_addresses (user_id, street_one, street_two, city, state, postal_code, country, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [userId, a.streetOne, a.streetTwo ?? null, a.city, a.state, a.postalCode, a.country, ids.root],
      );
    }
    if (person.tradeConfig) {
      const t = person.tradeConfig;
      await tx.query(
        `UPDATE users SET allowed_action = COALESCE($2, allowed_action), allowed_pair = COALESCE($3, allowed_pair),
           interest_rate = COALESCE($4, interest_rate), premium = COALESCE($5, premium), refinery_fees = COALESCE($6, refinery_fees),
           trade_limit = COALESCE($7, trade_limit), fee_adjust_mode = COALESCE($8, fee_adjust_mode), tier = COALESCE($9, tier)
         WHERE id = $1`,
        [userId, t.allowedAction ?? null, t.allowedPair ?? null, t.interestRate ?? null, t.premium ?? null, t.refineryFees ?? null, t.tradeLimit ?? null, t.feeAdjustMode ?? null, t.tier ?? null],
      );
    }
    if (person.bank) {
      const b = person.bank;
      const decided = b.status !== 'pending';
      await tx.query(
        `INSERT INTO bank_accounts (user_id, bank_name, account_owner, account_number, status, submitted_by, decided_by, decided_at, approved_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8 THEN now() END, CASE WHEN $5 = 'approved' THEN now() END)`,
        [userId, b.bankName, b.accountOwner, b.accountNumber, b.status, ids.maker, decided ? ids.approver : null, decided],
      );
    }
    const w = person.wallet ?? {};
    const postings: Posting[] = [];
    if (w.fund) postings.push({ from: houseAccount('bank'), to: userAccount(userId, 'fund'), asset: 'MYR', amount: w.fund });
    if (w.gold) postings.push({ from: houseAccount('vault'), to: userAccount(userId, 'gold'), asset: 'XAU', amount: w.gold });
    if (w.credit) postings.push({ from: houseAccount('creditLine'), to: userAccount(userId, 'credit'), asset: 'MYR', amount: w.credit });
    if (postings.length > 0) {
      await postEntry(tx, { kind: 'deposit', userId, note: 'Opening balance (demo data)', createdBy: ids.maker, postings });
    }
  }
}
