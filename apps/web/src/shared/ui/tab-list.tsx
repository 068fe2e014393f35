import { cn } from './cn.ts';

export interface Tab<T extends string> {
  value: T;
  label: string;
}

/** A row of tabs (role tablist): the chosen one underlined; the panel below is the caller's. */
export function TabList<T extends string>({ label, tabs, value, onChange }: { label: string; tabs: readonly Tab<T>[]; value: T; onChange: (value: T) => void }) {
  return (
    <div role="tablist" aria-label={label} className="relative flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          onClick={() => onChange(tab.value)}
          className={cn(
            '-mb-px border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-ring',
            tab.value === value ? 'border-primary text-amber-800' : 'border-transparent text-slate-600 hover:text-slate-900',
          )}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
