import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { phoneKey, type Address, type AllUsersFeeBody, type Phone, type TradeConfigBody, type UserEditBody } from '@aurum/domain/users/user-schemas';
import type { PreferredLanguage, UserCategory } from '@aurum/domain/users/user-enums';
import type { AddressView, UserListItem, UserProfile } from '@aurum/domain/users/user-views';
import type { UserListQuery } from '@aurum/domain/users/user-schemas';
import type { Page } from '@aurum/domain/list/paging';
import { sql, type Expression, type ExpressionBuilder, type Selectable } from 'kysely';
import { appError, invalidFormat, notFound, type AppError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import type { Database, UserAddressesTable, UsersTable } from '../../db/db-types.ts';
import { containsPattern, kysely, sameText } from '../../db/query-builder.ts';

const selectUsers = (q: Queryable) =>
  kysely(q)
    .selectFrom('users as u')
    .leftJoin('admins as c', 'c.id', 'u.created_by')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.category',
      'u.phone_country_code',
      'u.phone_number',
      'u.company_name',
      'u.company_registration_number',
      'u.company_phone_number',
      'u.accepted_terms_version',
      'u.internal',
      'u.preferred_language',
      'u.created_at',
      'c.username as creator',
      'u.allowed_action',
      'u.allowed_pair',
      'u.interest_rate',
      'u.premium',
      'u.refinery_fees',
      'u.trade_limit',
      'u.fee_adjust_mode',
      'u.tier',
      'u.sessions_revoked_at',
    ])
    .where('u.deleted_at', 'is', null);

export type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

/** A live (not deleted) user; `forUpdate` locks its row until the transaction ends. */
export async function findUser(q: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<UserRow | undefined> {
  return selectUsers(q)
    .where('u.id', '=', id)
    .$if(options.forUpdate === true, (qb) => qb.forUpdate('u'))
    .executeTakeFirst();
}

/** The live user, locked for the change in hand; 404 (1003, 'user') when there is none. */
export async function lockUser(q: Queryable, id: number): Promise<UserRow> {
  const user = await findUser(q, id, { forUpdate: true });
  if (!user) throw notFound('user');
  return user;
}

/** Whether the user exists, deleted or not (a deleted user's wallet stays readable). */
export async function userEverExisted(q: Queryable, id: number): Promise<boolean> {
  return (await kysely(q).selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A user's names and language, deleted or not (a deleted user's statement stays readable, like its wallet). */
export async function userIdentity(
  q: Queryable,
  id: number,
): Promise<{ id: number; username: string; first_name: string; last_name: string; preferred_language: string } | undefined> {
  return kysely(q).selectFrom('users').select(['id', 'username', 'first_name', 'last_name', 'preferred_language']).where('id', '=', id).executeTakeFirst();
}

export function toProfile(r: UserRow): UserProfile {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone_country_code !== null && r.phone_number !== null ? { countryCode: r.phone_country_code, number: r.phone_number } : null,
    category: r.category as UserCategory, // CHECK lists stay text in db-types; the domain holds the values
    companyName: r.company_name,
    companyRegistrationNumber: r.company_registration_number,
    companyPhoneNumber: r.company_phone_number,
    internal: r.internal,
    preferredLanguage: r.preferred_language as PreferredLanguage,
    acceptedTermsVersion: r.accepted_terms_version,
    createdAt: r.created_at.toISOString(),
    createdBy: r.creator,
  };
}

export function toTradeConfig(r: UserRow): TradeConfigBody {
  return {
    allowedAction: r.allowed_action as TradeConfigBody['allowedAction'],
    allowedPair: r.allowed_pair as TradeConfigBody['allowedPair'],
    interestRate: r.interest_rate,
    premium: r.premium,
    refineryFees: r.refinery_fees,
    tradeLimit: r.trade_limit,
    feeAdjustMode: r.fee_adjust_mode as TradeConfigBody['feeAdjustMode'],
    tier: r.tier as TradeConfigBody['tier'],
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
  const live = () => kysely(q).selectFrom('users').select('id').where('deleted_at', 'is', null).where('id', '<>', except);
  if (who.username !== undefined && (await live().where(sameText('username', who.username)).executeTakeFirst())) return 'username';
  if (who.email !== undefined && (await live().where(sameText('email', who.email)).executeTakeFirst())) return 'email';
  if (who.phone) {
    const phone = await live()
      .where('phone_number', 'is not', null)
      .where(sql<string>`phone_country_code || phone_number`, '=', phoneKey(who.phone))
      .executeTakeFirst();
    if (phone) return 'phone';
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

/** The identity and profile columns a create and an edit both write. */
function profileColumns(u: UserEditBody | (Omit<UserEditBody, 'internal'> & { internal: boolean })) {
  return {
    username: u.username,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    category: u.category,
    phone_country_code: u.phone.countryCode,
    phone_number: u.phone.number,
    company_name: u.companyName ?? null,
    company_registration_number: u.companyRegistrationNumber ?? null,
    company_phone_number: u.companyPhoneNumber ?? null,
    internal: u.internal,
    // left out: the column's default on create, unchanged on edit
    ...(u.preferredLanguage !== undefined ? { preferred_language: u.preferredLanguage } : {}),
  };
}

export async function insertUser(
  q: Queryable,
  u: Omit<UserEditBody, 'internal'> & { internal: boolean; passwordHash: string; createdBy: number },
): Promise<number> {
  const row = await kysely(q)
    .insertInto('users')
    .values({ ...profileColumns(u), password_hash: u.passwordHash, created_by: u.createdBy, updated_by: u.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(q: Queryable, id: number, u: UserEditBody, by: number, at: Date): Promise<void> {
  await kysely(q).updateTable('users').set({ ...profileColumns(u), updated_by: by, updated_at: at }).where('id', '=', id).execute();
}

const ADDRESS = ['street_one', 'street_two', 'city', 'state', 'postal_code', 'country'] as const;

const toAddress = (r: Pick<Selectable<UserAddressesTable>, (typeof ADDRESS)[number]>): AddressView => ({
  streetOne: r.street_one,
  streetTwo: r.street_two,
  city: r.city,
  state: r.state,
  postalCode: r.postal_code,
  country: r.country,
});

export async function findAddress(q: Queryable, userId: number): Promise<AddressView | null> {
  const row = await kysely(q).selectFrom('user_addresses').select(ADDRESS).where('user_id', '=', userId).executeTakeFirst();
  return row ? toAddress(row) : null;
}

export async function upsertAddress(q: Queryable, userId: number, a: Address, by: number, at: Date): Promise<AddressView> {
  const values = {
    street_one: a.streetOne,
    street_two: a.streetTwo ?? null,
    city: a.city,
    state: a.state,
    postal_code: a.postalCode,
    country: a.country,
    updated_by: by,
    updated_at: at,
  };
  const row = await kysely(q)
    .insertInto('user_addresses')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returning(ADDRESS)
    .executeTakeFirstOrThrow();
  return toAddress(row);
}

export async function updateTradeConfig(q: Queryable, userId: number, t: TradeConfigBody, by: number, at: Date): Promise<void> {
  await kysely(q)
    .updateTable('users')
    .set({
      allowed_action: t.allowedAction,
      allowed_pair: t.allowedPair,
      interest_rate: t.interestRate,
      premium: t.premium,
      refinery_fees: t.refineryFees,
      trade_limit: t.tradeLimit,
      fee_adjust_mode: t.feeAdjustMode,
      tier: t.tier,
      updated_by: by,
      updated_at: at,
    })
    .where('id', '=', userId)
    .execute();
}

/** Sets every live user's personal fees; answers how many users changed. */
export async function updateAllUsersFees(q: Queryable, fees: AllUsersFeeBody, by: number, at: Date): Promise<number> {
  const rows = await kysely(q)
    .updateTable('users')
    .set({
      interest_rate: fees.interestRate,
      premium: fees.premium,
      refinery_fees: fees.refineryFees,
      fee_adjust_mode: fees.feeAdjustMode,
      updated_by: by,
      updated_at: at,
    })
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/** Soft-deletes the user. */
export async function markUserDeleted(q: Queryable, id: number, by: number, at: Date): Promise<void> {
  await kysely(q).updateTable('users').set({ deleted_at: at, deleted_by: by, updated_at: at }).where('id', '=', id).execute();
}

/** Sets the user's password hash and revokes its sessions (sessions_revoked_at, read by the mobile back end). */
export async function setUserPassword(q: Queryable, id: number, passwordHash: string, at: Date): Promise<void> {
  await kysely(q).updateTable('users').set({ password_hash: passwordHash, sessions_revoked_at: at, updated_at: at }).where('id', '=', id).execute();
}

export async function revokeUserSessions(q: Queryable, id: number, at: Date): Promise<void> {
  await kysely(q).updateTable('users').set({ sessions_revoked_at: at }).where('id', '=', id).execute();
}

type UserList = ReturnType<typeof selectUsers>;

/** The ORDER BY of each sortable field: index-backed expressions, ties broken by id. */
const SORT: Record<NonNullable<UserListQuery['sort']>, (eb: ExpressionBuilder<Database & { u: UsersTable }, 'u'>) => Expression<unknown>> = {
  id: (eb) => eb.ref('u.id'),
  username: (eb) => eb.fn('lower', ['u.username']),
  email: (eb) => eb.fn('lower', ['u.email']),
  category: (eb) => eb.ref('u.category'),
  createdAt: (eb) => eb.ref('u.created_at'),
};

const ID_TEXT = /^\d{1,15}$/;

/** The list's filters, built on a query over `users as u` (the count and the page share them). */
function filtered<QB extends UserList | ReturnType<typeof countUsers>>(qb: QB, query: UserListQuery): QB {
  let out = qb as UserList;
  const input = query.input?.trim();
  if (input) {
    const condition = query.condition ?? 'USER_NAME';
    if (condition === 'USER_ID') {
      if (!ID_TEXT.test(input)) throw invalidFormat('input');
      out = out.where('u.id', '=', Number(input));
    } else {
      const column = condition === 'EMAIL' ? 'u.email' : 'u.username';
      out = out.where((eb) => eb(eb.fn('lower', [column]), 'like', containsPattern(input)));
    }
  }
  const text = query.q?.trim();
  if (text) {
    const like = containsPattern(text);
    out = out.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['u.username']), 'like', like),
        eb(eb.fn('lower', ['u.email']), 'like', like),
        eb(eb.fn('lower', ['u.first_name']), 'like', like),
        eb(eb.fn('lower', ['u.last_name']), 'like', like),
        eb(sql`lower(${eb.ref('u.first_name')} || ' ' || ${eb.ref('u.last_name')})`, 'like', like),
        ...(ID_TEXT.test(text) ? [eb('u.id', '=', Number(text))] : []),
      ]),
    );
  }
  if (query.category) out = out.where('u.category', '=', query.category);
  return out as QB;
}

const countUsers = (q: Queryable) => kysely(q).selectFrom('users as u').select((eb) => eb.fn.countAll<number>().as('n')).where('u.deleted_at', 'is', null);

/**
 * The user list: search by condition (EMAIL and USER_NAME: contains, case-insensitive; USER_ID:
 * exact id) and/or by `q` (the console's pickers: username, e-mail, first, last or full name
 * contains it, or it is the id), filter by category, sort on an indexed column, LIMIT/OFFSET paging.
 */
export async function listUsers(q: Queryable, query: UserListQuery): Promise<Page<UserListItem>> {
  const count = await filtered(countUsers(q), query).executeTakeFirstOrThrow();
  const direction = query.order === 'desc' ? 'desc' : 'asc';
  const rows = await filtered(selectUsers(q), query)
    .leftJoin('bank_accounts as b', (join) => join.onRef('b.user_id', '=', 'u.id').on('b.status', '<>', 'removed'))
    .select('b.status as bank_status')
    .orderBy(SORT[query.sort ?? 'id'], direction)
    .orderBy('u.id', direction)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    items: rows.map((r) => ({ ...toProfile(r), bankStatus: (r.bank_status as UserListItem['bankStatus']) ?? null })),
    page: query.page,
    limit: query.limit,
    total: count.n,
  };
}

/**
 * How many requests of a user are still pending: a user with any cannot be deleted (1050).
 * Counts the pending bank account and the pending deposit, withdrawal and transfer requests the
 * user made or is to receive (a transfer to it).
 */
export async function pendingRequestCount(q: Queryable, userId: number): Promise<number> {
  const k = kysely(q);
  const pending = (table: 'bank_accounts' | 'payment_requests', column: 'user_id' | 'receiver_user_id') =>
    k.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', userId).where('status', '=', 'pending');
  const row = await k
    .selectNoFrom(() => [
      sql<number>`${pending('bank_accounts', 'user_id')} + ${pending('payment_requests', 'user_id')} + ${pending('payment_requests', 'receiver_user_id')}`.as('n'),
    ])
    .executeTakeFirstOrThrow();
  return row.n;
}
