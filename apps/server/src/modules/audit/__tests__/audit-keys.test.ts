import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_AUDIT_HMAC_KEY, loadConfig } from '../../../config.ts';
import { auditKeyId, auditKeyring } from '../audit-keys.ts';
import { deviceName } from '../device-name.ts';

const KEY = 'a-production-audit-key-0123456789abcdef';
const OLD = 'an-older-audit-key-0123456789abcdef0000';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return error instanceof ConfigError ? error.problems : [String(error)];
  }
};

describe('audit chain key configuration', () => {
  it('requires AUDIT_HMAC_KEY in production, and never the public development key there', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toContain('AUDIT_HMAC_KEY is required in production (32+ characters, e.g. `openssl rand -base64 48`)');
    expect(problemsOf({ NODE_ENV: 'production', AUDIT_HMAC_KEY: DEV_AUDIT_HMAC_KEY })).toContain('AUDIT_HMAC_KEY must not be the public development key in production');
    expect(problemsOf({ NODE_ENV: 'production', AUDIT_HMAC_KEY: KEY })).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production', AUDIT_HMAC_KEY: KEY, AUDIT_HMAC_PREVIOUS_KEYS: ` ${OLD} ,` })).toMatchObject({ auditHmacKey: KEY, auditHmacPreviousKeys: [OLD] });
  });

  it('reads AUDIT_ANCHOR as id:row_hash, and refuses anything else', () => {
    const hash = 'ab'.repeat(32);
    expect(loadConfig({}).auditAnchor).toBeNull();
    expect(loadConfig({ AUDIT_ANCHOR: `42:${hash}` }).auditAnchor).toEqual({ id: 42, hash });
    for (const bad of [hash, `0:${hash}`, `x:${hash}`, '42:abc', `42:${hash.toUpperCase()}`]) {
      expect(problemsOf({ AUDIT_ANCHOR: bad }), bad).toContain('AUDIT_ANCHOR must be <row id>:<row hash> (a positive id and 64 lowercase hex digits)');
    }
  });

  it('uses the public development key outside production when unset, and refuses short keys', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).auditHmacKey).toBe(DEV_AUDIT_HMAC_KEY);
    expect(loadConfig({ NODE_ENV: 'test' }).auditHmacKey).toBe(DEV_AUDIT_HMAC_KEY);
    expect(problemsOf({ AUDIT_HMAC_KEY: 'short' })).toContain('AUDIT_HMAC_KEY must be at least 32 characters long, without spaces or commas');
    expect(problemsOf({ AUDIT_HMAC_KEY: `${KEY},${OLD}` })).toContain('AUDIT_HMAC_KEY must be at least 32 characters long, without spaces or commas');
    expect(problemsOf({ AUDIT_HMAC_PREVIOUS_KEYS: `${OLD},tiny` })).toContain('AUDIT_HMAC_PREVIOUS_KEYS must list keys of at least 32 characters each, separated by commas');
  });

  it('names keys by a fingerprint and MACs only with the keys it holds (the development key always among them)', () => {
    const keyring = auditKeyring({ auditHmacKey: KEY, auditHmacPreviousKeys: [OLD] });
    expect(keyring.currentKeyId).toBe(auditKeyId(KEY));
    expect(auditKeyId(KEY)).toMatch(/^[0-9a-f]{16}$/);
    expect(auditKeyId(KEY)).not.toBe(auditKeyId(OLD));
    expect([KEY, OLD, DEV_AUDIT_HMAC_KEY].map((k) => keyring.has(auditKeyId(k)))).toEqual([true, true, true]);
    expect(keyring.has(auditKeyId('not-configured-key-0123456789abcdef00'))).toBe(false);
    expect(keyring.hmac(auditKeyId('not-configured-key-0123456789abcdef00'), 'x')).toBeNull();
    expect(keyring.production).toBe(false);
    expect(keyring.publicKeyId ?? null).toBeNull();
    // in production the public development key is held only when listed, and its rows never verify
    const production = auditKeyring({ nodeEnv: 'production', auditHmacKey: KEY, auditHmacPreviousKeys: [OLD] });
    expect([KEY, OLD, DEV_AUDIT_HMAC_KEY].map((k) => production.has(auditKeyId(k)))).toEqual([true, true, false]);
    expect(production.hmac(auditKeyId(DEV_AUDIT_HMAC_KEY), 'x')).toBeNull();
    expect(production.publicKeyId).toBe(auditKeyId(DEV_AUDIT_HMAC_KEY));
    expect(auditKeyring({ nodeEnv: 'production', auditHmacKey: KEY, auditHmacPreviousKeys: [DEV_AUDIT_HMAC_KEY] }).has(auditKeyId(DEV_AUDIT_HMAC_KEY))).toBe(true);
    // HMAC-SHA256 of RFC 4231 test case 2 ("Jefe")
    const jefe = auditKeyring({ auditHmacKey: 'Jefe', auditHmacPreviousKeys: [] });
    expect(jefe.hmac(auditKeyId('Jefe'), 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
});

describe('device names of User-Agents', () => {
  it('names browser, major version and system', () => {
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36')).toBe('Chrome 156 on Linux');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91')).toBe(
      'Microsoft Edge 120 on Windows 10',
    );
    expect(deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15')).toBe('Safari 17 on macOS');
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1')).toBe(
      'Safari 17 on iOS 17',
    );
    expect(deviceName('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36')).toBe('Chrome 120 on Android 14');
    expect(deviceName('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe('Firefox 121 on Linux');
  });

  it('names nothing that is no known browser', () => {
    for (const ua of ['curl/8.5.0', 'bulk-agent/1.0', 'seed', 'cli', '=cmd|" /c calc', 'Mozilla/5.0', '', '   ']) expect(deviceName(ua), ua).toBeNull();
    expect(deviceName(null)).toBeNull();
  });
});
