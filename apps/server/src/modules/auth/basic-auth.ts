import { badRequest } from '../../http/app-error.ts';
import { isBadText } from '../../http/clean-text.ts';

/** Reads `Authorization: Basic base64(user:password)`; a missing or malformed header is a 400 (1000). */
export function readBasicAuth(header: string | undefined): { username: string; password: string } {
  const match = header ? /^Basic ([A-Za-z0-9+/=]*)$/.exec(header.trim()) : null;
  if (!match) throw badRequest('Basic authentication required');
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // no credential holds a NUL (text the database refuses): a malformed header, refused before any lookup
  if (colon < 0 || isBadText(decoded)) throw badRequest('Basic authentication required');
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
