import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { SCALE, decimalField } from '@aurum/domain/money/decimal';
import { renderKit } from '#testing/render-kit.tsx';
import { separatorsStripped } from '../../format/number.ts';
import { TextField } from '../text-field.tsx';

/**
 * The console's money and quantity input as every form builds it: a `TextField` with
 * inputMode decimal, registered with `separatorsStripped`, its rule a `decimalField` of the
 * unit's scale (SPEC.md §5), the message's values given by the form; checked when a field is
 * left, then at every change (react-hook-form's `onTouched`, as every form of the console).
 */
const Schema = z.object({
  amount: decimalField(SCALE.MYR),
  tradeLimit: z.union([z.literal(''), decimalField(SCALE.XAU)]),
});
type Values = z.infer<typeof Schema>;

function MoneyForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(Schema), mode: 'onTouched', defaultValues: { amount: '', tradeLimit: '' } });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField label="Amount (MYR)" inputMode="decimal" required error={errors.amount?.message} errorValues={{ count: SCALE.MYR }} {...register('amount', separatorsStripped)} />
      <TextField label="Trade limit (g)" inputMode="decimal" error={errors.tradeLimit?.message} errorValues={{ count: SCALE.XAU }} {...register('tradeLimit', separatorsStripped)} />
      <button type="submit">Save</button>
    </form>
  );
}

function setup() {
  const onSubmit = vi.fn();
  const kit = renderKit(<MoneyForm onSubmit={onSubmit} />);
  return { ...kit, onSubmit, amount: screen.getByLabelText(/^Amount/), limit: screen.getByLabelText('Trade limit (g)'), save: screen.getByRole('button', { name: 'Save' }) };
}

describe('money and quantity input', () => {
  it("takes thousands separators as typed and sends the number without them ('1,000' -> '1000')", async () => {
    const { user, amount, limit, save, onSubmit } = setup();
    await user.type(amount, ' 1,234,567.89 ');
    await user.type(limit, '1,000');
    expect(amount).toHaveValue(' 1,234,567.89 ');
    await user.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ amount: '1234567.89', tradeLimit: '1000' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("refuses more decimals than the unit has, saying how many: 'Decimal places cannot exceed 2 digits'", async () => {
    const { user, amount, limit, save, onSubmit } = setup();
    await user.type(amount, '1,000.123');
    await user.tab();
    expect(amount).toHaveAccessibleDescription('Decimal places cannot exceed 2 digits');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.type(limit, '0.12345');
    await user.tab();
    expect(limit).toHaveAccessibleDescription('Decimal places cannot exceed 4 digits');
    await user.click(save);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says 'Invalid number' for what is not one, and 'must be greater than 0' for zero", async () => {
    const { user, amount, limit } = setup();
    await user.type(amount, '12a');
    await user.tab();
    expect(amount).toHaveAccessibleDescription('Invalid number');
    await user.type(limit, '1.000.5');
    await user.tab();
    expect(limit).toHaveAccessibleDescription('Invalid number');
    await user.clear(amount);
    await user.type(amount, '0.00');
    await user.tab();
    expect(amount).toHaveAccessibleDescription('Value must be greater than 0');
  });

  it('drops the message as soon as the value is fixed (no stale message)', async () => {
    const { user, amount, save, onSubmit } = setup();
    await user.type(amount, '1.001');
    await user.tab();
    expect(amount).toHaveAccessibleDescription('Decimal places cannot exceed 2 digits');
    await user.type(amount, '{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(amount).not.toHaveAttribute('aria-invalid');
    await user.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ amount: '1.00', tradeLimit: '' });
  });

  it("requires a required amount ('The field must not be empty'); an optional one may stay empty", async () => {
    const { user, save, amount, limit, onSubmit } = setup();
    await user.click(save);
    expect(await screen.findByText('The field must not be empty')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription('The field must not be empty');
    expect(limit).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
