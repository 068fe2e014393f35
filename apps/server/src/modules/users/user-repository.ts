import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { phoneKey, type Address, type Phone, type TradeConfigBody, type UserEditBody } from '@aurum/domain/users/user-schemas';
import type { UserCategory } from '@aurum/domain/users/user-enums';
import type { AddressView, UserListItem, UserProfile } from '@aurum/domain/users/user-views';
import type { UserListQuery } from '@aurum/domain/users/user-schemas';
import type { Page } from '@aurum/domain/list/paging';
import { appError, invalidFormat, notFound, type AppError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  category: UserCategory;
  phone_country_code: string | null;
  phone_number: string | null;
  company_name: string | null;
  company_registration_number: string | null;
  company_phone_number: string | null;
  accepted_terms_version: string | null;
  internal: boolean;
  created_at: Date;
  creator: string | null;
  allowed_action: TradeConfigBody['allowedAction'];
  allowed_pair: TradeConfigBody['allowedPair'];
  interest_rate: string;
  premium: string;
  refinery_fees: string;
  trade_limit: string | null;
  fee_adjust_mode: TradeConfigBody['feeAdjustMode'];
  tier: TradeConfigBody['tier'];
  sessions_revoked_at: Date | null;
  bank_status?: 'pending' | 'approved' | 'declined' | null;
}

const COLUMNS = `u.id, u.username, u.email, u.first_name, u.last_name, u.category, u.phone_country_code, u.phone_number,
  u.company_name, u.company_registration_number, u.company_phone_number, u.accepted_terms_version, u.internal, u.created_at,
  c.username AS creator, u.allowed_action, u.allowed_pair, u.interest_rate, u.premium, u.refinery_fees, u.trade_limit,
  u.fee_adjust_mode, u.tier, u.sessions_revoked_at`;
const FROM = 'FROM users u LEFT JOIN admins c ON c.id = u.created_by';

/** A live (not deleted) user; `forUpdate` locks its row until the transaction ends. */
export async function findUser(q: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE u.id = $1 AND u.deleted_at IS NULL ${options.forUpdate ? 'FOR UPDATE OF u' : ''}`,
    [id],
  );
  return rows[0];
}

/** The live user, locked for the change in hand; 404 (1003, 'user') when there is none. */
export async function lockUser(q: Queryable, id: number): Promise<UserRow> {
  const user = await findUser(q, id, { forUpdate: true });
  if (!user) throw notFound('user');
  return user;
}

export function toProfile(r: UserRow): UserProfile {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone_country_code !== null && r.phone_number !== null ? { countryCode: r.phone_country_code, number: r.phone_number } : null,
    category: r.category,
    companyName: r.company_name,
    companyRegistrationNumber: r.company_registration_number,
    companyPhoneNumber: r.company_phone_number,
    internal: r.internal,
    acceptedTermsVersion: r.accepted_terms_version,
    createdAt: r.created_at.toISOString(),
    createdBy: r.creator,
  };
}

export function toTradeConfig(r: UserRow): TradeConfigBody {
  return {
    allowedAction: r.allowed_action,
    allowedPair: r.allowed_pair,
    interestRate: r.interest_rate,
    premium: r.premium,
    refineryFees: r.refinery_fees,
    tradeLimit: r.trade_limit,
    feeAdjustMode: r.fee_adjust_mode,
    tier: r.tier,
  };
}

/** The duplicate answer (409, 1001 with the field): the console shows 'username already exists'. */
export const duplicate = (field: 'username' | 'email' | 'phone') => appError(ErrorCode.InvalidFormat, field, { status: 409 });

/**
 * Which identity of a user is already taken by another live user: username and e-mail
 * case-insensitively, phone as country code + number. Checked in that order.
 */
export async function takenIdentity(
  q: Queryable,
  who: { username?: string; email?: string; phone?: Phone | null },
  exceptUserId: number | null = null,
): Promise<'username' | 'email' | 'phone' | null> {
  const except = exceptUserId ?? 0;
  if (who.username !== undefined) {
    const rows = await q.query('SELECT 1 FROM users WHERE lower(username) = lower($1) AND deleted_at IS NULL AND id <> $2', [who.username, except]);
    if (rows.length > 0) return 'username';
  }
  if (who.email !== undefined) {
    const rows = await q.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL AND id <> $2', [who.email, except]);
    if (rows.length > 0) return 'email';
  }
  if (who.phone) {
    const rows = await q.query(
      `SELECT 1 FROM users WHERE (phone_country_code || phone_number) = $1 AND deleted_at IS NULL AND phone_number IS NOT NULL AND id <> $2`,
      [phoneKey(who.phone), except],
    );
    if (rows.length > 0) return 'phone';
  }
  return null;
}

/** The duplicate answer for a unique index of users (two writes racing past takenIdentity). */
export function duplicateOfIndex(index: string): AppError | null {
  if (index === 'users_username_key') return duplicate('username');
  if (index === 'users_email_key') return duplicate('email');
  if (index === 'users_phone_key') return duplicate('phone');
  return null;
}

export async function insertUser(
  q: Queryable,
  u: Omit<UserEditBody, 'internal'> & { internal: boolean; passwordHash: string; createdBy: number },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO users (username, email, first_name, last_name, category, phone_country_code, phone_number, company_name,
       company_registration_number, company_phone_number, internal, password_hash, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id`,
    [
      u.username,
      u.email,
      u.firstName,
      u.lastName,
      u.category,
      u.phone.countryCode,
      u.phone.number,
      u.companyName ?? null,
      u.companyRegistrationNumber ?? null,
      u.companyPhoneNumber ?? null,
      u.internal,
      u.passwordHash,
      u.createdBy,
    ],
  );
  return rows[0]!.id;
}

export async function updateUser(q: Queryable, id: number, u: UserEditBody, by: number, at: Date): Promise<void> {
  await q.query(
    `UPDATE users SET username = $2, email = $3, first_name = $4, last_name = $5, category = $6, phone_country_code = $7,
       phone_number = $8, company_name = $9, company_registration_number = $10, company_phone_number = $11, internal = $12,
       updated_by = $13, updated_at = $14
     WHERE id = $1`,
    [
      id,
      u.username,
      u.email,
      u.firstName,
      u.lastName,
      u.category,
      u.phone.countryCode,
      u.phone.number,
      u.companyName ?? null,
      u.companyRegistrationNumber ?? null,
      u.companyPhoneNumber ?? null,
      u.internal,
      by,
      at,
    ],
  );
}

interface AddressRow {
  street_one: string;
  street_two: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

const toAddress = (r: AddressRow): AddressView => ({
  streetOne: r.street_one,
  streetTwo: r.street_two,
  city: r.city,
  state: r.state,
  postalCode: r.postal_code,
  country: r.country,
});

export async function findAddress(q: Queryable, userId: number): Promise<AddressView | null> {
  const rows = await q.query<AddressRow>(
    'SELECT street_one, street_two, city, state, postal_code, country FROM user_addresses WHERE user_id = $1',
    [userId],
  );
  return rows[0] ? toAddress(rows[0]) : null;
}

export async function upsertAddress(q: Queryable, userId: number, a: Address, by: number, at: Date): Promise<AddressView> {
  const rows = await q.query<AddressRow>(
    `INSERT INTO user_addresses (user_id, street_one, street_two, city, state, postal_code, country, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (user_id) DO UPDATE SET street_one = $2, street_two = $3, city = $4, state = $5, postal_code = $6,
       country = $7, updated_by = $8, updated_at = $9
     RETURNING street_one, street_two, city, state, postal_code, country`,
    [userId, a.streetOne, a.streetTwo ?? null, a.city, a.state, a.postalCode, a.country, by, at],
  );
  return toAddress(rows[0]!);
}

export async function updateTradeConfig(q: Queryable, userId: number, t: TradeConfigBody, by: number, at: Date): Promise<void> {
  await q.query(
    `UPDATE users SET allowed_action = $2, allowed_pair = $3, interest_rate = $4, premium = $5, refinery_fees = $6,
       trade_limit = $7, fee_adjust_mode = $8, tier = $9, updated_by = $10, updated_at = $11
     WHERE id = $1`,
    [userId, t.allowedAction, t.allowedPair, t.interestRate, t.premium, t.refineryFees, t.tradeLimit, t.feeAdjustMode, t.tier, by, at],
  );
}

/** Escapes LIKE's wildcards so that a search for 'a_b' matches that text only. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The ORDER BY of each sortable field: index-backed expressions, ties broken by id. */
const SORT_SQL: Record<NonNullable<UserListQuery['sort']>, string> = {
  id: 'u.id',
  username: 'lower(u.username)',
  email: 'lower(u.email)',
  category: 'u.category',
  createdAt: 'u.created_at',
};

/**
 * The user list: search by condition (EMAIL and USER_NAME: contains, case-insensitive; USER_ID:
 * exact id) and/or by `q` (the console's pickers: username, e-mail, first, last or full name
 * contains it, or it is the id), filter by category, sort on an indexed column, LIMIT/OFFSET paging.
 */
export async function listUsers(q: Queryable, query: UserListQuery): Promise<Page<UserListItem>> {
  const where = ['u.deleted_at IS NULL'];
  const params: unknown[] = [];
  const input = query.input?.trim();
  if (input) {
    const condition = query.condition ?? 'USER_NAME';
    if (condition === 'USER_ID') {
      if (!/^\d{1,15}$/.test(input)) throw invalidFormat('input');
      params.push(Number(input));
      where.push(`u.id = $${params.length}`);
    } else {
      params.push(`%${escapeLike(input.toLowerCase())}%`);
      where.push(`lower(${condition === 'EMAIL' ? 'u.email' : 'u.username'}) LIKE $${params.length}`);
    }
  }
  const text = query.q?.trim();
  if (text) {
    params.push(`%${escapeLike(text.toLowerCase())}%`);
    const like = `$${params.length}`;
    let byId = '';
    if (/^\d{1,15}$/.test(text)) {
      params.push(Number(text));
      byId = ` OR u.id = $${params.length}`;
    }
    where.push(
      `(lower(u.username) LIKE ${like} OR lower(u.email) LIKE ${like} OR lower(u.first_name) LIKE ${like} OR lower(u.last_name) LIKE ${like} OR lower(u.first_name || ' ' || u.last_name) LIKE ${like}${byId})`,
    );
  }
  if (query.category) {
    params.push(query.category);
    where.push(`u.category = $${params.length}`);
  }
  const whereSql = where.join(' AND ');
  const [count] = await q.query<{ n: number }>(`SELECT count(*) AS n FROM users u WHERE ${whereSql}`, params);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const sort = SORT_SQL[query.sort ?? 'id'];
  const rows = await q.query<UserRow>(
    `SELECT ${COLUMNS}, b.status AS bank_status ${FROM}
       LEFT JOIN bank_accounts b ON b.user_id = u.id AND b.status <> 'removed'
      WHERE ${whereSql}
      ORDER BY ${sort} ${direction}, u.id ${direction}
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit, (query.page - 1) * query.limit],
  );
  return {
    items: rows.map((r) => ({ ...toProfile(r), bankStatus: r.bank_status ?? null })),
    page: query.page,
    limit: query.limit,
    total: count!.n,
  };
}

/**
 * How many requests of a user are still pending: a user with any cannot be deleted (1050).
 * Counts the pending bank account and the pending deposit, withdrawal and transfer requests the
 * user made or is to receive (a transfer to it).
 */
export async function pendingRequestCount(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM bank_accounts WHERE user_id = $1 AND status = 'pending')
          + (SELECT count(*) FROM payment_requests WHERE user_id = $1 AND status = 'pending')
          + (SELECT count(*) FROM payment_requests WHERE receiver_user_id = $1 AND status = 'pending') AS n`,
    [userId],
  );
  return row!.n;
}
