import { createChart, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';

/** The chart's axis is in UTC: a moment shifted by the browser's offset, so the axis reads in local time. */
export const localSeconds = (at: string): UTCTimestamp => Math.floor((Date.parse(at) - new Date(at).getTimezoneOffset() * 60_000) / 1000) as UTCTimestamp;

/** A time line chart in the console's look (lightweight-charts: import this only from a lazy chunk). */
export function createLineChart(el: HTMLElement): IChartApi {
  return createChart(el, {
    autoSize: true,
    layout: { textColor: '#475569', background: { color: '#ffffff' }, attributionLogo: false },
    grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
    timeScale: { timeVisible: true, secondsVisible: true },
    rightPriceScale: { borderColor: '#e2e8f0' },
  });
}

/** One line of the chart: its colour, its title and the decimals its values show. */
export function addLine(chart: IChartApi, { color, title, precision }: { color: string; title: string; precision: number }): ISeriesApi<'Line'> {
  return chart.addSeries(LineSeries, { color, lineWidth: 2, title, priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision } });
}
