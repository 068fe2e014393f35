import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../tokens.ts';
import { readBasicAuth } from '../basic-auth.ts';

const SECRET = 's'.repeat(40);
const claims = { sub: '7', sid: 'abc', iat: 1000, exp: 1060, iss: 'aurum' as const };

describe('access tokens (HS256 only)', () => {
  it('round-trips while valid and expires at exp', async () => {
    const t = await signAccessToken(claims, SECRET);
    expect(await verifyAccessToken(t, SECRET, 1059)).toEqual({ ok: true, claims });
    expect(await verifyAccessToken(t, SECRET, 1060)).toEqual({ ok: false, reason: 'expired' });
  });
  it('signs the header HS256/JWT and exactly the claims given', async () => {
    const [h, p] = (await signAccessToken(claims, SECRET)).split('.') as [string, string];
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as unknown;
    expect(decode(h)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decode(p)).toEqual(claims);
  });
  it('refuses another key, a changed payload, alg none and other algorithms', async () => {
    const t = await signAccessToken(claims, SECRET);
    expect((await verifyAccessToken(t, 'k'.repeat(40), 1000)).ok).toBe(false);
    const [h, , s] = t.split('.');
    const p = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    expect(await verifyAccessToken(`${h}.${p}.${s}`, SECRET, 1000)).toEqual({ ok: false, reason: 'signature' });
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(await verifyAccessToken(`${none}.${t.split('.')[1]}.`, SECRET, 1000)).toEqual({ ok: false, reason: 'malformed' });
    const hs512 = Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url');
    expect((await verifyAccessToken(`${hs512}.${t.split('.')[1]}.${s}`, SECRET, 1000)).ok).toBe(false);
    const extra = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 'x' })).toString('base64url');
    expect(await verifyAccessToken(`${extra}.${t.split('.')[1]}.${s}`, SECRET, 1000)).toEqual({ ok: false, reason: 'malformed' });
    const otherIssuer = await signAccessToken({ ...claims, iss: 'other' as 'aurum' }, SECRET);
    expect(await verifyAccessToken(otherIssuer, SECRET, 1000)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyAccessToken('a.b', SECRET, 1000)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('basic auth header', () => {
  it('reads username and password, the password may hold colons', () => {
    const h = `Basic ${Buffer.from('admin:pa:ss').toString('base64')}`;
    expect(readBasicAuth(h)).toEqual({ username: 'admin', password: 'pa:ss' });
  });
  it('refuses a missing or malformed header with 1000', () => {
    expect(() => readBasicAuth(undefined)).toThrow(/Basic authentication required/);
    expect(() => readBasicAuth('Bearer x')).toThrow(/Basic authentication required/);
    expect(() => readBasicAuth(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toThrow(/Basic authentication required/);
  });
});
