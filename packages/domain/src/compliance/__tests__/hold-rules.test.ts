import { describe, expect, it } from 'vitest';
import { agreementRefusal, holdBlocks, proposalRefusal, statusAfter, type HoldState } from '../hold-rules.ts';
import { PlaceHoldBody, ProposeHoldBody } from '../hold-schemas.ts';

const held = (over: Partial<HoldState> = {}): HoldState => ({ status: 'held', placedBy: 1, proposal: null, ...over });

describe('compliance hold rules', () => {
  it('held and frozen stop value leaving; released stops nothing', () => {
    expect(holdBlocks('held')).toBe(true);
    expect(holdBlocks('frozen')).toBe(true);
    expect(holdBlocks('released')).toBe(false);
  });

  it('an officer proposes to freeze or release a held customer, one proposal at a time', () => {
    expect(proposalRefusal(held(), 'freeze', 1)).toBeNull();
    expect(proposalRefusal(held(), 'release', 2)).toBeNull();
    expect(proposalRefusal(held({ proposal: { decision: 'freeze', by: 2 } }), 'release', 3)).toMatchObject({ kind: 'conflict' });
    expect(proposalRefusal(held({ status: 'released' }), 'freeze', 2)).toMatchObject({ kind: 'conflict' });
    expect(proposalRefusal(held({ status: 'frozen' }), 'freeze', 2)).toMatchObject({ kind: 'conflict' });
    // a frozen customer may be released (the authorities lift it), by two officers
    expect(proposalRefusal(held({ status: 'frozen' }), 'release', 2)).toBeNull();
  });

  it('the officer who placed a hold may not propose its release, nor agree to it', () => {
    expect(proposalRefusal(held({ placedBy: 5 }), 'release', 5)).toMatchObject({ kind: 'fourEyes' });
    expect(agreementRefusal(held({ placedBy: 5, proposal: { decision: 'release', by: 6 } }), 5)).toMatchObject({ kind: 'fourEyes' });
    // screening placed it: no officer is its placer
    expect(proposalRefusal(held({ placedBy: null }), 'release', 5)).toBeNull();
  });

  it('a second officer agrees; the proposer may not', () => {
    expect(agreementRefusal(held({ proposal: { decision: 'freeze', by: 2 } }), 2)).toMatchObject({ kind: 'fourEyes' });
    expect(agreementRefusal(held({ proposal: { decision: 'freeze', by: 2 } }), 1)).toBeNull();
    expect(agreementRefusal(held(), 3)).toMatchObject({ kind: 'conflict' });
    expect(statusAfter('freeze')).toBe('frozen');
    expect(statusAfter('release')).toBe('released');
  });

  it('bodies are bounded where they are parsed', () => {
    expect(PlaceHoldBody.safeParse({ userId: 1, note: 'x' }).success).toBe(true);
    expect(PlaceHoldBody.safeParse({ userId: 1, note: '   ' }).success).toBe(false);
    expect(PlaceHoldBody.safeParse({ userId: 1, note: 'x'.repeat(2001) }).success).toBe(false);
    expect(PlaceHoldBody.safeParse({ userId: 2 ** 31, note: 'x' }).success).toBe(false);
    expect(PlaceHoldBody.safeParse({ userId: 1, note: 'x', extra: 1 }).success).toBe(false);
    expect(ProposeHoldBody.safeParse({ decision: 'unfreeze', note: 'x' }).success).toBe(false);
  });
});
