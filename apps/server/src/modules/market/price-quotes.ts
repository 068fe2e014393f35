import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AdjustSettings, BidAsk } from '@aurum/domain/orders/order-pricing';

/**
 * Quotes with an id and an expiry (decision 0865). A quote is what prices an order: the gold
 * quote, the USD/MYR rate, the adjust settings and the variant a Price frame was made with. Its id is the quote itself, signed: the pricing and
 * the expiry as base64url JSON, a dot, and an HMAC-SHA256 of it under a key derived from the
 * server's signing key (the one every process of a database shares, `signingKey()`). So a quote
 * issued by one process is honoured by every other one without a table or a write per Price frame,
 * and nobody can make or alter one. A quote may price any order created before it expires.
 */
export interface QuotePricing {
  quote: BidAsk;
  fx: BidAsk;
  settings: AdjustSettings;
  variant: 'regular' | 'afterHour';
}

export interface IssuedQuote {
  quoteId: string;
  /** ISO time after which order create refuses the quote (422 2091). */
  expiresAt: string;
}

const BidAskShape = z.object({ bid: z.string(), ask: z.string() });
const Payload = z.object({
  p: z.object({
    quote: BidAskShape,
    fx: BidAskShape,
    settings: z.object({
      currency: BidAskShape,
      spread: z.object({ buySpread: z.string(), sellSpread: z.string() }),
      fee: z.object({ premium: z.string(), refineryFees: z.string(), interestRate: z.string() }),
    }),
    variant: z.enum(['regular', 'afterHour']),
  }),
  /** issued at, expires at (epoch ms) */
  i: z.number(),
  e: z.number(),
});

export type QuoteCheck = { ok: true; pricing: QuotePricing; issuedAt: Date } | { ok: false; why: 'unknown' | 'expired' };

export interface QuoteSigner {
  readonly lifetimeMs: number;
  issue(pricing: QuotePricing, now: Date): IssuedQuote;
  /** The quote's pricing when the id is one of ours and `now` is not past its expiry. */
  check(quoteId: string, now: Date): QuoteCheck;
}

export function quoteSigner(signingKey: string, lifetimeMs: number): QuoteSigner {
  const key = createHmac('sha256', signingKey).update('aurum price quote v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    lifetimeMs,
    issue(pricing, now) {
      const expires = now.getTime() + lifetimeMs;
      const body = Buffer.from(JSON.stringify({ p: pricing, i: now.getTime(), e: expires })).toString('base64url');
      return { quoteId: `${body}.${mac(body).toString('base64url')}`, expiresAt: new Date(expires).toISOString() };
    },
    check(quoteId, now) {
      const [body, signature, extra] = quoteId.split('.');
      if (!body || !signature || extra !== undefined) return { ok: false, why: 'unknown' };
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, why: 'unknown' };
      let parsed: z.infer<typeof Payload>;
      try {
        parsed = Payload.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      } catch {
        return { ok: false, why: 'unknown' };
      }
      if (now.getTime() > parsed.e) return { ok: false, why: 'expired' };
      return { ok: true, pricing: parsed.p, issuedAt: new Date(parsed.i) };
    },
  };
}
