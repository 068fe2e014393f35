import { createChart, LineSeries, type IChartApi, type ISeriesApi, type Time, type UTCTimestamp } from 'lightweight-charts';
import { BUSINESS_UTC_OFFSET_MINUTES } from '@aurum/domain/system/business-time';
import { displayDate } from '@aurum/domain/system/display-date';
import { BUSINESS_ZONE_LABEL } from '#shared/format/display.ts';

/**
 * The chart's axis reads its seconds as UTC: a moment is shifted by the business offset, so the axis
 * shows Kuala Lumpur time like every other time of the console, whatever the browser's zone.
 */
export const businessSeconds = (at: string): UTCTimestamp => Math.floor(Date.parse(at) / 1000 + BUSINESS_UTC_OFFSET_MINUTES * 60) as UTCTimestamp;

/** A point's label under the crosshair: dd/MM/yyyy, with HH:mm:ss MYT when the chart shows times. */
export function chartTimeLabel(time: Time, withTime: boolean): string {
  if (typeof time !== 'number') return typeof time === 'string' ? displayDate(time) : displayDate(`${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`);
  const shown = new Date(time * 1000).toISOString();
  const date = displayDate(shown.slice(0, 10));
  return withTime ? `${date} ${shown.slice(11, 19)} ${BUSINESS_ZONE_LABEL}` : date;
}

/** A time line chart in the console's look (lightweight-charts: import this only from a lazy chunk). */
export function createLineChart(el: HTMLElement): IChartApi {
  return createChart(el, {
    autoSize: true,
    layout: { textColor: '#475569', background: { color: '#ffffff' }, attributionLogo: false },
    grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
    timeScale: { timeVisible: true, secondsVisible: true },
    localization: { timeFormatter: (time: Time) => chartTimeLabel(time, true) },
    rightPriceScale: { borderColor: '#e2e8f0' },
  });
}

/** One line of the chart: its colour, its title and the decimals its values show. */
export function addLine(chart: IChartApi, { color, title, precision }: { color: string; title: string; precision: number }): ISeriesApi<'Line'> {
  return chart.addSeries(LineSeries, { color, lineWidth: 2, title, priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision } });
}
