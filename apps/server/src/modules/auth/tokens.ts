import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors, jwtVerify } from 'jose';

/**
 * Access tokens: compact JWS with HS256 only, signed and verified with `jose`. The header must be
 * exactly HS256/JWT, so `alg: none` and algorithm confusion are refused before any signature check.
 */
export interface AccessClaims {
  sub: string; // admin id
  sid: string; // session id
  iat: number;
  exp: number;
  iss: 'aurum';
}

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;

const keyOf = (secret: string): Uint8Array => new TextEncoder().encode(secret);

export function signAccessToken(claims: AccessClaims, secret: string): Promise<string> {
  return new SignJWT({ ...claims }).setProtectedHeader(HEADER).sign(keyOf(secret));
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Only the exact header {alg: HS256, typ: JWT}: anything else is malformed, whatever its signature. */
function headerIsExact(token: string): boolean {
  try {
    const header = decodeProtectedHeader(token) as Record<string, unknown>;
    return header.alg === HEADER.alg && Object.keys(header).every((k) => k === 'alg' || (k === 'typ' && header.typ === HEADER.typ));
  } catch {
    return false;
  }
}

export async function verifyAccessToken(token: string, secret: string, nowSeconds: number): Promise<VerifyResult> {
  if (token.split('.').length !== 3 || !headerIsExact(token)) return { ok: false, reason: 'malformed' };
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [HEADER.alg],
      issuer: 'aurum',
      requiredClaims: ['sub', 'sid', 'exp'],
      currentDate: new Date(nowSeconds * 1000),
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'malformed' };
    }
    return { ok: true, claims: payload as unknown as AccessClaims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'signature' };
    return { ok: false, reason: 'malformed' };
  }
}

/** A random opaque token (refresh, reset) and the hash under which it is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSessionId(): string {
  return randomBytes(18).toString('base64url');
}
