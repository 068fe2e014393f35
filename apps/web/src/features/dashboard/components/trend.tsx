import type { Trend } from '@aurum/domain/system/live-messages';

/** An up (green) or down (red) arrow for a live price's trend. */
export function TrendArrow({ trend, label }: { trend: Trend; label: string }) {
  const up = trend === 'up';
  return (
    <span role="img" aria-label={label} data-trend={trend} className={`inline-flex ${up ? 'text-emerald-600' : 'text-red-600'}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
        {up ? <path d="M12 5l7 9H5z" /> : <path d="M12 19l-7-9h14z" />}
      </svg>
    </span>
  );
}
