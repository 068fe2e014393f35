import { describe, expect, it } from 'vitest';
import type { UTCTimestamp } from 'lightweight-charts';
import { businessSeconds, chartTimeLabel } from '../line-chart.ts';

describe('chart times are Kuala Lumpur times', () => {
  it('places a moment on the axis at its business time and labels it dd/MM/yyyy HH:mm:ss MYT', () => {
    const at = '2026-03-08T23:30:05.900Z';
    const t = businessSeconds(at);
    expect(new Date(t * 1000).toISOString()).toBe('2026-03-09T07:30:05.000Z');
    expect(chartTimeLabel(t, true)).toBe('09/03/2026 07:30:05 MYT');
    expect(chartTimeLabel(t, false)).toBe('09/03/2026');
  });

  it('labels a business day given as text or as parts the same way', () => {
    expect(chartTimeLabel('2026-11-28', true)).toBe('28/11/2026');
    expect(chartTimeLabel({ year: 2026, month: 1, day: 5 }, false)).toBe('05/01/2026');
    expect(chartTimeLabel(0 as UTCTimestamp, true)).toBe('01/01/1970 00:00:00 MYT');
  });
});
