import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
import { Select, type SelectOption } from '../select.tsx';

const STATUSES: SelectOption[] = [
  { value: 'Pending', label: 'Pending' },
  { value: 'Filled', label: 'Filled' },
  { value: 'Expired', label: 'Expired', disabled: true },
  { value: 'Settled', label: 'Settled' },
];

/** A form's select: the value in state, told of each change and of the list closing (blur). */
function StatusSelect({ initial = null, onChange = () => {}, onBlur, ...rest }: { initial?: string | null; onChange?: (v: string) => void; onBlur?: () => void; error?: string; loading?: boolean; options?: SelectOption[]; required?: boolean }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <Select
      label="Status"
      options={rest.options ?? STATUSES}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      onBlur={onBlur}
      error={rest.error}
      loading={rest.loading}
      required={rest.required}
    />
  );
}

const trigger = () => screen.getByRole('combobox', { name: 'Status' });

describe('Select', () => {
  it("says 'Select...' until something is chosen, named by its label", () => {
    renderKit(<StatusSelect required />);
    expect(trigger()).toHaveTextContent('Select...');
  });

  it('is chosen by keyboard alone: Enter opens, arrows move past a disabled option, Enter picks and focus returns', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    const { user } = renderKit(<StatusSelect onChange={onChange} onBlur={onBlur} />);
    await user.tab();
    expect(trigger()).toHaveFocus();
    await user.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Pending' })).toHaveFocus());
    // Radix moves the focus a timer after each arrow: each move is waited for
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Filled' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    // Expired is disabled: skipped
    await waitFor(() => expect(screen.getByRole('option', { name: 'Settled' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('Settled');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('Settled');
    expect(onBlur).toHaveBeenCalled();
    await waitFor(() => expect(trigger()).toHaveFocus());
  });

  it('finds an option by typing its first letters in the open list', async () => {
    const onChange = vi.fn();
    const { user } = renderKit(<StatusSelect onChange={onChange} />);
    await user.click(trigger());
    await screen.findByRole('listbox');
    await user.keyboard('fi');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Filled' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('Filled');
  });

  it('keeps its value when closed with Escape', async () => {
    const onChange = vi.fn();
    const { user } = renderKit(<StatusSelect initial="Filled" onChange={onChange} />);
    await user.click(trigger());
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(trigger()).toHaveTextContent('Filled');
  });

  it('does not take a disabled option', async () => {
    const onChange = vi.fn();
    const { user } = renderKit(<StatusSelect onChange={onChange} />);
    await user.click(trigger());
    const expired = await screen.findByRole('option', { name: 'Expired' });
    expect(expired).toHaveAttribute('aria-disabled', 'true');
    await user.click(expired);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("says 'Loading...' while its options load and 'No options' when there are none", async () => {
    const { user, rerender } = renderKit(<StatusSelect loading />);
    await user.click(trigger());
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    rerender(<StatusSelect options={[]} />);
    await user.click(trigger());
    expect(await screen.findByText('No options')).toBeInTheDocument();
  });

  it('shows its rule message below, tied to the field', () => {
    renderKit(<StatusSelect error="required" />);
    expect(trigger()).toHaveAttribute('aria-invalid', 'true');
    expect(trigger()).toHaveAccessibleDescription('The field must not be empty');
  });
});
