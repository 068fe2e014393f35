import { useEffect, useRef } from 'react';
import type { ISeriesApi, UTCTimestamp } from 'lightweight-charts';
import { addLine, createLineChart, businessSeconds } from '#shared/ui/line-chart.ts';
import type { PositionSnapshot } from '../api/live-position.ts';

const COLOURS: Readonly<Record<string, string>> = { XAU: '#b45309', XPT: '#475569', XAG: '#0f766e' };

/** The net position of each metal over the snapshots of this page (lightweight-charts, its own chunk). */
export function ExposureChart({ history, metals }: { history: readonly PositionSnapshot[]; metals: readonly string[] }) {
  const container = useRef<HTMLDivElement>(null);
  const metalsKey = metals.join(',');
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createLineChart(el);
    const series = new Map<string, ISeriesApi<'Line'>>();
    for (const metal of metalsKey.split(',')) series.set(metal, addLine(chart, { color: COLOURS[metal] ?? '#334155', title: `${metal} g`, precision: 4 }));
    for (const [metal, line] of series) {
      const points: Array<{ time: UTCTimestamp; value: number }> = [];
      for (const s of history) {
        const time = businessSeconds(s.at);
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
