import type { ReactNode } from 'react';
import { Card } from './card.tsx';

/** A card with its title and an action on the right above the content (profile sections, dashboard widgets). */
export function TitledCard({ title, action, className, headerGap = 'gap-2', children }: { title: string; action?: ReactNode; className?: string; headerGap?: 'gap-2' | 'gap-3'; children: ReactNode }) {
  return (
    <Card className={className}>
      <div className={`mb-4 flex items-center justify-between ${headerGap}`}>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </Card>
  );
}
