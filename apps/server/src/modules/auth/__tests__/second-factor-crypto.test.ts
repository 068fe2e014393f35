import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  decryptSecret,
  encryptSecret,
  isRecoveryCodeShape,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  signChallenge,
  totpStep,
  verifyChallenge,
} from '../second-factor-crypto.ts';

const KEY = 'a-test-key-of-at-least-thirty-two-characters';
const at = Date.UTC(2026, 10, 24, 10, 0, 15); // 15 s into a step

describe('second factor', () => {
  it('encrypts the secret with the configured key; another key or a changed row does not decrypt', () => {
    const stored = encryptSecret(KEY, 'JBSWY3DPEHPK3PXP');
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(KEY, stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(`${KEY}x`, stored)).toBeNull();
    const [version, iv, , body] = stored.split('.');
    const otherTag = encryptSecret(KEY, 'JBSWY3DPEHPK3PXP').split('.')[2];
    expect(decryptSecret(KEY, [version, iv, otherTag, body].join('.'))).toBeNull();
    expect(decryptSecret(KEY, 'garbage')).toBeNull();
  });

  it('answers the step of a code within one step of the clock, and null otherwise', () => {
    const { secret, uri } = newTotpSecret('alice');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Aurum:alice\?.*secret=/);
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    const step = Math.floor(at / 30_000);
    expect(totpStep(secret, totp.generate({ timestamp: at }), new Date(at))).toBe(step);
    expect(totpStep(secret, totp.generate({ timestamp: at - 30_000 }), new Date(at))).toBe(step - 1);
    expect(totpStep(secret, totp.generate({ timestamp: at + 30_000 }), new Date(at))).toBe(step + 1);
    expect(totpStep(secret, totp.generate({ timestamp: at + 90_000 }), new Date(at))).toBeNull();
    expect(totpStep(secret, 'abcdef', new Date(at))).toBeNull();
  });

  it('makes ten distinct recovery codes, found again whatever the case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect(recoveryCodeHash(codes[0]!.toLowerCase().replace('-', ' '))).toBe(recoveryCodeHash(codes[0]!));
    expect(isRecoveryCodeShape(codes[0]!)).toBe(true);
    expect(isRecoveryCodeShape('123456')).toBe(false);
  });

  it('signs a challenge for 5 minutes; a forged or expired one is refused', async () => {
    const now = new Date(at);
    const { token, id } = await signChallenge('signing-secret', 7, now);
    expect(await verifyChallenge('signing-secret', token, now)).toMatchObject({ adminId: 7, id });
    expect(await verifyChallenge('other-secret', token, now)).toBeNull();
    expect(await verifyChallenge('signing-secret', token, new Date(at + 300_000))).toBeNull();
    expect(await verifyChallenge('signing-secret', 'not.a.token', now)).toBeNull();
  });
});
