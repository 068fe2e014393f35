import { startOfBusinessDay } from '@aurum/domain/system/business-time';

/** The moment hour:minute Kuala Lumpur time on a business date (yyyy-MM-dd). */
export function startBusinessDay(date: string, hour: number, minute = 0): Date {
  return new Date(startOfBusinessDay(date).getTime() + (hour * 60 + minute) * 60_000);
}
