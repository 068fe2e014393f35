import { businessDate } from '@aurum/domain/system/business-time';

/** A month as the statement asks for it: yyyy-MM. */
export const isMonthText = (month: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(month);

/** The month it is in Kuala Lumpur, yyyy-MM: the statement opens on it. */
export const currentMonth = (now: Date) => businessDate(now).slice(0, 7);

/** A user id from the address (?userId=), or null. */
export const userIdOf = (text: string | null): number | null => (text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);
