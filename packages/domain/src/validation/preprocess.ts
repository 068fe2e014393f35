/**
 * What a raw value from a form or a query string becomes before its schema reads it
 * (`z.preprocess(fn, schema)`): one declaration of each, shared by every schema file.
 */

/** '' (an untouched field, an empty query parameter) counts as absent. */
export const emptyToUndefined = (v: unknown): unknown => (v === '' ? undefined : v);

/** '' or null counts as absent (a JSON body may send null for a field it leaves out). */
export const blankToUndefined = (v: unknown): unknown => (v === '' || v === null ? undefined : v);

/** A code or enum value in any case and with stray spaces around it: ' xau' reads as 'XAU'. */
export const upperCode = (v: unknown): unknown => (typeof v === 'string' ? v.trim().toUpperCase() : v);
