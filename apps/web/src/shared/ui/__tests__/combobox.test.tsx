import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
import { Combobox, MultiCombobox, type ComboboxSourceProps } from '../combobox.tsx';
import type { SelectOption } from '../select.tsx';

const BANKS: SelectOption[] = [
  { value: 'MBB', label: 'Maybank' },
  { value: 'CIMB', label: 'CIMB Bank' },
  { value: 'PBB', label: 'Public Bank' },
  { value: 'HLB', label: 'Hong Leong Bank', disabled: true },
  { value: 'RHB', label: 'RHB Bank' },
];

type Source = Partial<ComboboxSourceProps> & { loading?: boolean };

function BankPicker({ onChange = () => {}, onBlur, ...source }: Source & { onChange?: (v: string, o: SelectOption) => void; onBlur?: () => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Combobox
      label="Bank"
      options={BANKS}
      {...source}
      value={value}
      onBlur={onBlur}
      onChange={(next, option) => {
        setValue(next);
        onChange(next, option);
      }}
    />
  );
}

const trigger = () => screen.getByRole('combobox', { name: 'Bank' });
const search = () => screen.getByRole('combobox', { name: 'Search options' });
const optionNames = () => within(screen.getByRole('listbox')).queryAllByRole('option').map((o) => o.textContent);

describe('Combobox', () => {
  it('opens on a click with the search box focused; typing narrows the list; a click picks and closes', async () => {
    const onChange = vi.fn();
    const { user } = renderKit(<BankPicker onChange={onChange} />);
    expect(trigger()).toHaveTextContent('Select...');
    await user.click(trigger());
    await waitFor(() => expect(search()).toHaveFocus());
    expect(optionNames()).toEqual(['Maybank', 'CIMB Bank', 'Public Bank', 'Hong Leong Bank', 'RHB Bank']);
    // any part of the label, in any case
    await user.keyboard('B BANK');
    expect(optionNames()).toEqual(['CIMB Bank', 'RHB Bank']);
    await user.keyboard('{Backspace>6}pub');
    expect(optionNames()).toEqual(['Public Bank']);
    await user.click(screen.getByRole('option', { name: 'Public Bank' }));
    expect(onChange).toHaveBeenCalledWith('PBB', BANKS[2]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('Public Bank');
  });

  it('is chosen by keyboard alone: ArrowDown opens, arrows skip a disabled option, Enter picks, focus returns', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    const { user } = renderKit(<BankPicker onChange={onChange} onBlur={onBlur} />);
    await user.tab();
    expect(trigger()).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(search()).toHaveFocus());
    // the first option is highlighted; down to Public Bank, past Hong Leong (disabled) to RHB
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'RHB Bank' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('RHB', BANKS[4]);
    expect(trigger()).toHaveTextContent('RHB Bank');
    expect(onBlur).toHaveBeenCalled();
    await waitFor(() => expect(trigger()).toHaveFocus());
  });

  it("says 'No options' when nothing matches, and Escape closes it unchanged with the search cleared", async () => {
    const onChange = vi.fn();
    const { user } = renderKit(<BankPicker onChange={onChange} />);
    await user.click(trigger());
    await user.keyboard('zzz');
    expect(await screen.findByText('No options')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(trigger()).toHaveTextContent('Select...');
    await user.click(trigger());
    expect(search()).toHaveValue('');
    expect(optionNames()).toHaveLength(5);
  });

  it('hands a server search the text as typed and shows its answer unfiltered', async () => {
    const onSearchChange = vi.fn();
    const { user } = renderKit(<BankPicker onSearchChange={onSearchChange} options={[{ value: '7', label: 'alice (id 7)' }]} />);
    await user.click(trigger());
    await user.keyboard('7');
    expect(onSearchChange).toHaveBeenLastCalledWith('7');
    // the server matched the id: the label need not contain the text
    expect(optionNames()).toEqual(['alice (id 7)']);
  });

  it("offers 'More results' when the server has more, and shows 'Loading...' while a search runs", async () => {
    const onLoadMore = vi.fn();
    const { user, rerender } = renderKit(<BankPicker hasMore onLoadMore={onLoadMore} onSearchChange={() => {}} />);
    await user.click(trigger());
    await user.click(screen.getByRole('option', { name: 'More results' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<BankPicker loading onSearchChange={() => {}} />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(within(screen.getByRole('listbox')).queryAllByRole('option')).toHaveLength(0);
  });

  it("offers the 'any' option first while nothing is typed", async () => {
    const onChange = vi.fn();
    const { user } = renderKit(<BankPicker emptyOption="Any bank" onChange={onChange} />);
    await user.click(trigger());
    expect(optionNames()[0]).toBe('Any bank');
    await user.keyboard('may');
    expect(optionNames()).toEqual(['Maybank']);
  });

  it('a multi-select stays open, toggles each pick and names every chosen option', async () => {
    function Banks({ onChange }: { onChange: (v: string[]) => void }) {
      const [value, setValue] = useState<string[]>([]);
      return (
        <MultiCombobox
          label="Bank"
          options={BANKS}
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
        />
      );
    }
    const onChange = vi.fn();
    const { user } = renderKit(<Banks onChange={onChange} />);
    await user.click(trigger());
    await user.click(screen.getByRole('option', { name: 'Maybank' }));
    await user.click(screen.getByRole('option', { name: 'RHB Bank' }));
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    expect(screen.getByRole('option', { name: 'Maybank' })).toHaveAttribute('aria-checked', 'true');
    expect(trigger()).toHaveTextContent('Maybank, RHB Bank');
    await user.click(screen.getByRole('option', { name: 'Maybank' }));
    expect(onChange).toHaveBeenLastCalledWith(['RHB']);
    expect(trigger()).toHaveTextContent('RHB Bank');
  });
});
