import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';

export interface ButtonBaseProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  loading?: boolean;
}

/** A button that is busy (spinner, disabled) while `loading`; its look comes from its caller. */
export function ButtonBase({ loading = false, children, disabled, type = 'button', ...rest }: ButtonBaseProps) {
  return (
    <button type={type} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Spinner className="h-4 w-4" /> : null}
      {children}
    </button>
  );
}
