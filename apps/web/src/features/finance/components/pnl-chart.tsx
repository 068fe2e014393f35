import { useEffect, useRef } from 'react';
import type { Time, UTCTimestamp } from 'lightweight-charts';
import type { PnlAnswer } from '@aurum/domain/finance/pnl-schemas';
import { addLine, chartTimeLabel, createLineChart } from '#shared/ui/line-chart.ts';
import { formatPeriod } from '#shared/format/display.ts';

/** A period's first day on the chart's UTC axis, so the axis reads the business date itself. */
const periodTime = (period: string) => (Date.parse(`${period.length === 7 ? `${period}-01` : period}T00:00:00Z`) / 1000) as UTCTimestamp;

/** The P&L total per period (lightweight-charts, its own chunk). */
export function PnlChart({ periods, title }: { periods: PnlAnswer['periods']; title: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createLineChart(el);
    // the crosshair names the period as the table does (a month MM/yyyy, a day dd/MM/yyyy)
    const periodAt = new Map(periods.map((p) => [periodTime(p.period), p.period]));
    const label = (time: Time) => (typeof time === 'number' && periodAt.has(time as UTCTimestamp) ? formatPeriod(periodAt.get(time as UTCTimestamp)!) : chartTimeLabel(time, false));
    chart.applyOptions({ timeScale: { timeVisible: false, secondsVisible: false }, localization: { timeFormatter: label } });
    addLine(chart, { color: '#b45309', title, precision: 2 }).setData(periods.map((p) => ({ time: periodTime(p.period), value: Number(p.total) })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [periods, title]);
  return <div ref={container} className="h-64 w-full" data-testid="pnl-chart" role="img" aria-label={title} />;
}
