import { useEffect, useRef } from 'react';
import type { UTCTimestamp } from 'lightweight-charts';
import type { PriceData } from '@aurum/domain/system/live-messages';
import { addLine, createLineChart, businessSeconds } from '#shared/ui/line-chart.ts';
import { liveStore } from '#shared/live/live.ts';
import type { PricePoint } from '../api/market-queries.ts';

export type ChartUnit = 'myr' | 'usd';

interface Point {
  time: UTCTimestamp;
  value: number;
}

/** Points in time order, one per second (the last price of a second wins). */
export function toSeries(points: readonly PricePoint[], pick: (p: PricePoint) => string): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const point = { time: businessSeconds(p.at), value: Number(pick(p)) };
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
    const chart = createLineChart(el);
    const precision = unit === 'myr' ? 3 : 2;
    const buy = addLine(chart, { color: '#d97706', title: labels.buy, precision });
    const sell = addLine(chart, { color: '#0f766e', title: labels.sell, precision });
    const pickBuy = (p: PricePoint) => (unit === 'myr' ? p.myrBuy : p.usdBuy);
    const pickSell = (p: PricePoint) => (unit === 'myr' ? p.myrSell : p.usdSell);
    const seedBuy = toSeries(history, pickBuy);
    buy.setData(seedBuy);
    sell.setData(toSeries(history, pickSell));
    chart.timeScale().fitContent();
    let lastTime = seedBuy.at(-1)?.time ?? 0;

    const append = (price: PriceData) => {
      const time = businessSeconds(price.at);
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
