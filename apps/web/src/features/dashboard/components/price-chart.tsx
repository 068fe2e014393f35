import { useEffect, useRef } from 'react';
import { createChart, LineSeries, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { PriceData } from '@aurum/domain/system/live-messages';
import { liveStore } from '#shared/live/live.ts';
import type { PricePoint } from '../api/market-queries.ts';

export type ChartUnit = 'myr' | 'usd';

interface Point {
  time: UTCTimestamp;
  value: number;
}

// the chart's axis is in UTC: shift by the browser's offset so it reads in local time
const localSeconds = (at: string): UTCTimestamp => Math.floor((Date.parse(at) - new Date(at).getTimezoneOffset() * 60_000) / 1000) as UTCTimestamp;

/** Points in time order, one per second (the last price of a second wins). */
export function toSeries(points: readonly PricePoint[], pick: (p: PricePoint) => string): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const point = { time: localSeconds(p.at), value: Number(pick(p)) };
    const last = out.at(-1);
    if (last && point.time < last.time) continue;
    if (last && point.time === last.time) out[out.length - 1] = point;
    else out.push(point);
  }
  return out;
}

/**
 * The live gold price chart (lightweight-charts, its own chunk): buy and sell lines in MYR/g or
 * USD/oz, seeded from price/history and appended from the socket's prices.
 */
export function PriceChart({ history, unit, labels }: { history: readonly PricePoint[]; unit: ChartUnit; labels: { buy: string; sell: string } }) {
  const container = useRef<HTMLDivElement>(null);

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
    const precision = unit === 'myr' ? 3 : 2;
    const format = { type: 'price' as const, precision, minMove: 1 / 10 ** precision };
    const buy: ISeriesApi<'Line'> = chart.addSeries(LineSeries, { color: '#d97706', lineWidth: 2, title: labels.buy, priceFormat: format });
    const sell: ISeriesApi<'Line'> = chart.addSeries(LineSeries, { color: '#0f766e', lineWidth: 2, title: labels.sell, priceFormat: format });
    const pickBuy = (p: PricePoint) => (unit === 'myr' ? p.myrBuy : p.usdBuy);
    const pickSell = (p: PricePoint) => (unit === 'myr' ? p.myrSell : p.usdSell);
    const seedBuy = toSeries(history, pickBuy);
    buy.setData(seedBuy);
    sell.setData(toSeries(history, pickSell));
    chart.timeScale().fitContent();
    let lastTime = seedBuy.at(-1)?.time ?? 0;

    const append = (price: PriceData) => {
      const time = localSeconds(price.at);
      if (time < lastTime) return;
      lastTime = time;
      const side = unit === 'myr' ? price.myr : price.usd;
      buy.update({ time, value: Number(side.buy) });
      sell.update({ time, value: Number(side.sell) });
    };
    const stop = liveStore.onMessage((message) => {
      if (message.type === 'Price') append(message.data);
    });
    return () => {
      stop();
      chart.remove();
    };
  }, [history, unit, labels.buy, labels.sell]);

  return <div ref={container} className="h-72 w-full" data-testid="price-chart" />;
}
