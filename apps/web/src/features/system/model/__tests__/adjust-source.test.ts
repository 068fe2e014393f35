import { describe, expect, it } from 'vitest';
import { detectAdjustSource } from '../adjust-source.ts';

const adjustments = { regular: { bid: '0.0100', ask: '-0.0200' }, afterHour: { bid: '0.0500', ask: '0.0600' } };

describe('detectAdjustSource', () => {
  it('is regular when the difference matches the regular adjustment', () => {
    expect(detectAdjustSource({ bid: '4.4600', ask: '4.4500' }, { bid: '4.4500', ask: '4.4700' }, adjustments)).toBe('regular');
  });
  it('is afterHour when the difference matches the after-hour adjustment', () => {
    expect(detectAdjustSource({ bid: '4.5000', ask: '4.5300' }, { bid: '4.4500', ask: '4.4700' }, adjustments)).toBe('afterHour');
  });
  it('rounds the difference to 4 decimals before comparing', () => {
    // 4.50004 - 4.45 = 0.05004 -> 0.0500
    expect(detectAdjustSource({ bid: '4.50004', ask: '4.53001' }, { bid: '4.45', ask: '4.47' }, adjustments)).toBe('afterHour');
  });
  it('falls back to regular when neither matches, or when only one side matches', () => {
    expect(detectAdjustSource({ bid: '4.9', ask: '4.9' }, { bid: '4.45', ask: '4.47' }, adjustments)).toBe('regular');
    expect(detectAdjustSource({ bid: '4.5000', ask: '4.9' }, { bid: '4.45', ask: '4.47' }, adjustments)).toBe('regular');
  });
  it('prefers regular when both adjustments are the same', () => {
    const same = { regular: { bid: '0', ask: '0' }, afterHour: { bid: '0', ask: '0' } };
    expect(detectAdjustSource({ bid: '4.45', ask: '4.47' }, { bid: '4.45', ask: '4.47' }, same)).toBe('regular');
  });
  it('is regular without rates', () => {
    expect(detectAdjustSource(null, { bid: '1', ask: '1' }, adjustments)).toBe('regular');
    expect(detectAdjustSource({ bid: '1', ask: '1' }, undefined, adjustments)).toBe('regular');
  });
});
