import { describe, expect, it } from 'vitest';
import { quoteSigner, type QuotePricing } from '../price-quotes.ts';

const pricing: QuotePricing = {
  quote: { bid: '2000.00', ask: '2001.00' },
  fx: { bid: '4.5000', ask: '4.5000' },
  settings: { currency: { bid: '0', ask: '0' }, spread: { buySpread: '1.00', sellSpread: '1.00' }, fee: { premium: '0.500', refineryFees: '0.500', interestRate: '0.05' } },
  variant: 'regular',
};
const at = new Date('2030-01-08T02:00:00Z');

describe('signed quotes', () => {
  it('a quote is honoured with its pricing until its expiry, by any signer with the same key', () => {
    const issued = quoteSigner('key-a', 10_000).issue(pricing, at);
    expect(issued.expiresAt).toBe('2030-01-08T02:00:10.000Z');
    const other = quoteSigner('key-a', 10_000); // another process of the same database
    expect(other.check(issued.quoteId, new Date(at.getTime() + 10_000))).toEqual({ ok: true, pricing, issuedAt: at });
    expect(other.check(issued.quoteId, new Date(at.getTime() + 10_001))).toEqual({ ok: false, why: 'expired' });
  });

  it('refuses a quote under another key, altered, or not a quote at all', () => {
    const issued = quoteSigner('key-a', 10_000).issue(pricing, at);
    expect(quoteSigner('key-b', 10_000).check(issued.quoteId, at)).toEqual({ ok: false, why: 'unknown' });
    const [body, mac] = issued.quoteId.split('.') as [string, string];
    const cheaper = Buffer.from(Buffer.from(body, 'base64url').toString().replace('2001.00', '1001.00')).toString('base64url');
    const signer = quoteSigner('key-a', 10_000);
    expect(signer.check(`${cheaper}.${mac}`, at)).toEqual({ ok: false, why: 'unknown' });
    const later = Buffer.from(Buffer.from(body, 'base64url').toString().replace(/"e":\d+/, `"e":${at.getTime() + 3_600_000}`)).toString('base64url');
    expect(signer.check(`${later}.${mac}`, new Date(at.getTime() + 60_000))).toEqual({ ok: false, why: 'unknown' });
    for (const junk of ['', 'abc', 'a.b.c', `${body}.`, `.${mac}`]) expect(signer.check(junk, at)).toEqual({ ok: false, why: 'unknown' });
  });
});
