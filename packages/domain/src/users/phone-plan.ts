import { isValidPhoneNumber } from 'libphonenumber-js';

/**
 * Whether some country's numbering plan accepts the telephone number of the two fields (SPEC.md:
 * country code and number, digits only): read as the international number +<countryCode><number>,
 * checked by libphonenumber-js (its default metadata: the lengths each country allows). The two
 * fields stay as given; 60 + 123456789 and 601 + 23456789 are the same number (phoneKey).
 */
export function phoneInSomePlan(phone: { countryCode: string; number: string }): boolean {
  return /^\d+$/.test(phone.countryCode) && /^\d+$/.test(phone.number) && isValidPhoneNumber(`+${phone.countryCode}${phone.number}`);
}
