import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarDate } from '@aurum/domain/validation/calendar-fields';
import { renderKit } from '#testing/render-kit.tsx';
import { DateField } from '../date-field.tsx';

/** A field as a form holds it: the stored value (yyyy-MM-dd) in state, shown beside it as the form would send it. */
function Holiday({ initial = '', min, max }: { initial?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Date" value={value} onChange={setValue} min={min} max={max} />
      <output aria-label="Stored">{value}</output>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Date' });
const stored = () => screen.getByRole('status', { name: 'Stored' }).textContent;
const day = (text: RegExp) => screen.getByRole('button', { name: text });

describe('DateField (business dates, stored yyyy-MM-dd)', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('shows a stored date as dd/MM/yyyy and stores a typed dd/MM/yyyy as yyyy-MM-dd', async () => {
    const { user } = renderKit(<Holiday initial="2026-01-05" />);
    expect(input()).toHaveValue('05/01/2026');
    await user.clear(input());
    await user.type(input(), '9/2/2026');
    expect(stored()).toBe('2026-02-09');
    // left, it reads as the stored date
    await user.tab();
    expect(input()).toHaveValue('09/02/2026');
  });

  it('hands a text that is not a date on as it is, and the form says "Invalid date"', async () => {
    const Schema = z.object({ date: calendarDate });
    function Form({ onSubmit }: { onSubmit: (v: { date: string }) => void }) {
      const { control, handleSubmit } = useForm<{ date: string }>({ resolver: zodResolver(Schema), mode: 'onTouched', defaultValues: { date: '' } });
      return (
        <form noValidate onSubmit={handleSubmit(onSubmit)}>
          <Controller control={control} name="date" render={({ field, fieldState }) => <DateField label="Date" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />} />
          <button type="submit">Save</button>
        </form>
      );
    }
    const onSubmit = vi.fn();
    const { user } = renderKit(<Form onSubmit={onSubmit} />);
    await user.type(input(), '30/02/2026');
    await user.tab();
    expect(input()).toHaveAccessibleDescription('Invalid date');
    // the admin's text stays for them to put right
    expect(input()).toHaveValue('30/02/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(input());
    await user.type(input(), '28/02/2026');
    expect(input()).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ date: '2026-02-28' });
  });

  it('picks a day from the calendar (weeks start on Sunday), which then closes', async () => {
    const { user } = renderKit(<Holiday initial="2026-01-05" />);
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    const grid = await screen.findByRole('grid', { name: 'January 2026' });
    expect(grid.querySelector('thead th')).toHaveAttribute('aria-label', 'Sunday');
    expect(day(/January 5th, 2026, selected/)).toBeInTheDocument();
    await user.click(day(/January 20th, 2026/));
    expect(stored()).toBe('2026-01-20');
    expect(input()).toHaveValue('20/01/2026');
    await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
  });

  it('names the months and weekdays in the console language (Traditional Chinese)', async () => {
    await i18next.changeLanguage('zh-Hant');
    try {
      const { user } = renderKit(<Holiday initial="2026-01-05" />);
      await user.click(screen.getByRole('button', { name: i18next.t('common:datePicker.open') }));
      const grid = await screen.findByRole('grid');
      expect(grid.getAttribute('aria-label')).toBe('2026年1月');
      expect(grid.querySelector('thead th')).toHaveAttribute('aria-label', '星期日');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('keeps days before min and after max out of reach', async () => {
    const { user } = renderKit(<Holiday initial="2026-01-15" min="2026-01-10" max="2026-02-20" />);
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    await screen.findByRole('grid', { name: 'January 2026' });
    expect(day(/January 9th, 2026/)).toBeDisabled();
    expect(day(/January 10th, 2026/)).toBeEnabled();
    // no month before min's
    expect(screen.getByRole('button', { name: 'Go to the Previous Month' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(day(/January 9th, 2026/));
    expect(stored()).toBe('2026-01-15');
    await user.click(screen.getByRole('button', { name: 'Go to the Next Month' }));
    await screen.findByRole('grid', { name: 'February 2026' });
    expect(day(/February 20th, 2026/)).toBeEnabled();
    expect(day(/February 21st, 2026/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Go to the Next Month' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('stores the day picked, the same day in any browser time zone', async () => {
    // the browser's offset from UTC in minutes (getTimezoneOffset): behind, far ahead, the business zone
    const zones = { 'America/New_York': 300, 'Pacific/Kiritimati': -840, 'Asia/Kuala_Lumpur': -480 };
    for (const [tz, offset] of Object.entries(zones)) {
      process.env.TZ = tz;
      expect(new Date(2026, 2, 1).getTimezoneOffset()).toBe(offset);
      const { user } = renderKit(<Holiday initial="2026-03-01" />);
      expect(input()).toHaveValue('01/03/2026');
      await user.click(screen.getByRole('button', { name: 'Open calendar' }));
      expect(day(/March 1st, 2026, selected/)).toBeInTheDocument();
      await user.click(day(/March 31st, 2026/));
      expect(stored()).toBe('2026-03-31');
      cleanup();
    }
  });
});
