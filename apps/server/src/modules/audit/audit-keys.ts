import { createHash, createHmac } from 'node:crypto';
import { AUDIT_KEY_ID_LABEL, type ChainHasher } from '@aurum/domain/audit/audit-chain';
import { DEV_AUDIT_HMAC_KEY, type Config } from '../../config.ts';

/**
 * What the audit chain needs of the configuration: the current key, the earlier ones, and whether
 * this is production (absent: not production, as in tests that hand keys in directly).
 */
export type AuditKeySource = Pick<Config, 'auditHmacKey' | 'auditHmacPreviousKeys'> & Partial<Pick<Config, 'nodeEnv'>>;

/** The configured audit keys by id, with the hashes of the chain (decision 0303). */
export interface AuditKeyring extends ChainHasher {
  /** The id of AUDIT_HMAC_KEY: new rows are keyed with it. */
  currentKeyId: string;
  /** NODE_ENV=production: no automatic cut-over, no public development key unless listed, its rows never verify. */
  production: boolean;
  /** Held keys: the current one and those the chain may rotate from automatically. */
  has(keyId: string): boolean;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A key's id: a fingerprint (16 hex digits of HMAC-SHA256(key, label)) that tells nothing of the key. */
export const auditKeyId = (key: string): string => createHmac('sha256', key).update(AUDIT_KEY_ID_LABEL, 'utf8').digest('hex').slice(0, 16);

const keyrings = new WeakMap<AuditKeySource, AuditKeyring>();

/** The id of the public development key. */
export const DEV_AUDIT_KEY_ID = auditKeyId(DEV_AUDIT_HMAC_KEY);

/**
 * The keyring of a configuration (made once per configuration object): AUDIT_HMAC_KEY and
 * AUDIT_HMAC_PREVIOUS_KEYS. Outside production it also holds the public development key, so that a
 * chain begun in development can rotate to a configured key (a development convenience that
 * protects nothing: anyone can compute that key). In production the development key is held only
 * when AUDIT_HMAC_PREVIOUS_KEYS lists it, and verify reports any row keyed with it (`publicKeyId`):
 * otherwise a superuser could rewrite the trail under it and the server would endorse the rewrite
 * with a rotation to the secret key.
 */
export function auditKeyring(source: AuditKeySource): AuditKeyring {
  const known = keyrings.get(source);
  if (known) return known;
  const production = source.nodeEnv === 'production';
  const keys = new Map<string, string>();
  for (const key of [...(production ? [] : [DEV_AUDIT_HMAC_KEY]), ...source.auditHmacPreviousKeys, source.auditHmacKey]) keys.set(auditKeyId(key), key);
  const keyring: AuditKeyring = {
    currentKeyId: auditKeyId(source.auditHmacKey),
    production,
    publicKeyId: production ? DEV_AUDIT_KEY_ID : null,
    has: (keyId) => keys.has(keyId),
    sha256: sha256Hex,
    hmac: (keyId, text) => {
      const key = keys.get(keyId);
      return key === undefined ? null : createHmac('sha256', key).update(text, 'utf8').digest('hex');
    },
  };
  keyrings.set(source, keyring);
  return keyring;
}
