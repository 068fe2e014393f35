import { useEffect, useRef } from 'react';
import { createChart, LineSeries, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { PositionSnapshot } from '../api/live-position.ts';

const COLOURS: Readonly<Record<string, string>> = { XAU: '#b45309', XPT: '#475569', XAG: '#0f766e' };

// the chart's axis is in UTC: shift by the browser's offset so it reads in local time
const localSeconds = (at: string): UTCTimestamp => Math.floor((Date.parse(at) - new Date(at).getTimezoneOffset() * 60_000) / 1000) as UTCTimestamp;

/** The net position of each metal over the snapshots of this page (lightweight-charts, its own chunk). */
export function ExposureChart({ history, metals }: { history: readonly PositionSnapshot[]; metals: readonly string[] }) {
  const container = useRef<HTMLDivElement>(null);
  const metalsKey = metals.join(',');
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: { textColor: '#475569', background: { color: '#ffffff' }, attributionLogo: false },
      grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
      timeScale: { timeVisible: true, secondsVisible: true },
      rightPriceScale: { borderColor: '#e2e8f0' },
    });
    const format = { type: 'price' as const, precision: 4, minMove: 0.0001 };
    const series = new Map<string, ISeriesApi<'Line'>>();
    for (const metal of metalsKey.split(',')) series.set(metal, chart.addSeries(LineSeries, { color: COLOURS[metal] ?? '#334155', lineWidth: 2, title: `${metal} g`, priceFormat: format }));
    for (const [metal, line] of series) {
      const points: Array<{ time: UTCTimestamp; value: number }> = [];
      for (const s of history) {
        const time = localSeconds(s.at);
        const value = Number(s.net[metal] ?? '0');
        if (points.length > 0 && points.at(-1)!.time >= time) points[points.length - 1] = { time: points.at(-1)!.time, value };
        else points.push({ time, value });
      }
      line.setData(points);
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [history, metalsKey]);
  return <div ref={container} className="h-64 w-full" data-testid="exposure-chart" />;
}
