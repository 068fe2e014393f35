import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '#shared/ui/button.tsx';

export interface SearchFormProps {
  /** The text the box starts with (from the URL). */
  initial: string;
  /** Called with the trimmed text when the form is submitted. */
  onSearch: (input: string) => void;
  label: string;
  placeholder: string;
  submitLabel: string;
  /** The box's width class. */
  width: string;
  /** The form's layout classes. */
  className?: string;
  /** Controls before the box (a search condition). */
  children?: ReactNode;
}

/** A list page's search box and its submit button. */
export function SearchForm({ initial, onSearch, label, placeholder, submitLabel, width, className = 'flex items-center gap-2', children }: SearchFormProps) {
  const [input, setInput] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(input.trim());
  };
  return (
    // never wider than its place: at 390 px the box gives way to its button (min-w-0), the page does not scroll sideways
    <form role="search" onSubmit={submit} className={`${className} max-w-full min-w-0`}>
      {children}
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        className={`${width} min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none`}
      />
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
    </form>
  );
}
