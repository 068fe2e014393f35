import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Select, type SelectOption } from '../ui/select.tsx';

export interface ControlledSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  hint?: string;
  disabled?: boolean;
  /** Told of a pick after the form is (to reset what depends on it). */
  onChange?: (value: string) => void;
}

/** The searchable single-select bound to a react-hook-form field (message below, on blur). */
export function ControlledSelect<T extends FieldValues>({ control, name, label, options, required, hint, disabled, onChange }: ControlledSelectProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          options={options}
          value={(field.value as string | null | undefined) ?? null}
          onChange={(value) => {
            field.onChange(value);
            onChange?.(value);
          }}
          onBlur={field.onBlur}
          required={required}
          hint={hint}
          disabled={disabled}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
