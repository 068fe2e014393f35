import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { SignJWT, jwtVerify } from 'jose';

/**
 * The staff second factor (decision 0220): TOTP of RFC 6238 (SHA-1, 6 digits, 30 s steps, as every
 * authenticator app reads them) with `otpauth`; the secret encrypted at rest with AES-256-GCM under
 * TOTP_ENCRYPTION_KEY; ten recovery codes stored as SHA-256 hashes; the sign-in challenge a signed
 * token (jose, HS256) so that the 401 that answers it writes nothing.
 */
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clock drift of the phone). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_SECONDS = 300;
const ISSUER = 'Aurum';

const totpOf = (secretBase32: string, label = 'admin') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });

/** A new secret (160 bits) in base32, and the otpauth:// URI its QR code carries. */
export function newTotpSecret(label: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, label).toString() };
}

/** The TOTP step a code belongs to (within the window around `now`), or null when it matches none. */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

const keyOf = (configKey: string) => createHash('sha256').update(`aurum-totp:${configKey}`).digest();

/** `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM under the configured key. */
export function encryptSecret(configKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(configKey), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The secret, or null when it does not decrypt under this key (another key, a changed row). */
export function decryptSecret(configKey: string, stored: string): string | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(configKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I

/** Ten recovery codes `XXXXX-XXXXX` (50 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** How a recovery code is stored and looked up: upper case, letters and digits only, SHA-256. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toUpperCase().replace(/[^A-Z0-9]/g, '')).digest('hex');
}

/** Whether a typed code looks like a recovery code rather than a TOTP code. */
export const isRecoveryCodeShape = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '').length === 10;

interface ChallengeClaims {
  sub: string;
  jti: string;
  purpose: 'secondFactor';
  exp: number;
}

const challengeKey = (secret: string) => new TextEncoder().encode(`second-factor:${secret}`);

/** The sign-in challenge of an admin whose password was right: signed, for CHALLENGE_SECONDS. */
export async function signChallenge(secret: string, adminId: number, now: Date): Promise<{ token: string; id: string; expiresAt: Date }> {
  const id = randomBytes(16).toString('base64url');
  const iat = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ purpose: 'secondFactor' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(adminId))
    .setJti(id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CHALLENGE_SECONDS)
    .sign(challengeKey(secret));
  return { token, id, expiresAt: new Date((iat + CHALLENGE_SECONDS) * 1000) };
}

/** The admin id, challenge id and expiry of a well-signed, unexpired challenge, or null. */
export async function verifyChallenge(secret: string, token: string, now: Date): Promise<{ adminId: number; id: string; expiresAt: Date } | null> {
  try {
    const { payload } = await jwtVerify<ChallengeClaims>(token, challengeKey(secret), { algorithms: ['HS256'], currentDate: now, requiredClaims: ['sub', 'jti', 'exp'] });
    if (payload.purpose !== 'secondFactor' || !/^\d+$/.test(payload.sub ?? '')) return null;
    return { adminId: Number(payload.sub), id: payload.jti!, expiresAt: new Date(payload.exp! * 1000) };
  } catch {
    return null; // a bad signature, an expired or malformed token: all the same to the caller
  }
}
