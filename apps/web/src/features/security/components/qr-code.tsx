import { useEffect, useState } from 'react';

/** A QR code drawn as SVG squares (no data: URL, no inline style); the encoder (`uqr`) loads only here. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [matrix, setMatrix] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ encode }) => {
      if (live) setMatrix(encode(text, { ecc: 'M', border: 2 }).data);
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!matrix) return <div className="h-48 w-48 animate-pulse rounded bg-slate-100" aria-busy="true" />;
  const size = matrix.length;
  const cells: string[] = [];
  matrix.forEach((row, y) => row.forEach((dark, x) => dark && cells.push(`M${x} ${y}h1v1h-1z`)));
  return (
    <svg role="img" aria-label={label} data-testid="totp-qr" viewBox={`0 0 ${size} ${size}`} className="h-48 w-48 bg-white" shapeRendering="crispEdges">
      <path d={cells.join('')} fill="currentColor" />
    </svg>
  );
}
