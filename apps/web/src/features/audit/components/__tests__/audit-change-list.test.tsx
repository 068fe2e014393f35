import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
import { MAX_AUDIT_CHANGES } from '@aurum/domain/audit/audit-changes';
import { AuditChangeList } from '../audit-change-list.tsx';

/** The rows of the list as a reviewer reads them: field, before, after. */
const rows = () =>
  screen.getAllByTestId('audit-change').map((row) => {
    const header = within(row).getByRole('rowheader').textContent;
    const [before, after] = within(row).getAllByRole('cell').map((c) => c.textContent);
    return [header, before, after];
  });

describe('AuditChangeList', () => {
  it('lists only the fields an edit changed, with before and after side by side', () => {
    renderKit(<AuditChangeList before={{ id: 3, name: 'Audit Day', date: '2031-03-15', address: { city: 'Ipoh' } }} after={{ id: 3, name: 'Audit Day Renamed', date: '2031-03-15', address: { city: 'Kuala Lumpur' } }} />);
    expect(screen.getByRole('table', { name: 'Changes' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Field', 'Before', 'After']);
    expect(rows()).toEqual([
      ['name', 'Audit Day', 'Audit Day Renamed'],
      ['address.city', 'Ipoh', 'Kuala Lumpur'],
    ]);
  });

  it('shows a creation field by field, an absent side as "(none)", instants in Kuala Lumpur time', () => {
    renderKit(<AuditChangeList before={null} after={{ id: 17, approvedAt: '2026-11-28T01:30:00.000Z', amount: '2000.00', flags: ['a'] }} />);
    expect(rows()).toEqual([
      ['id', '(none)', '17'],
      ['approvedAt', '(none)', '28/11/2026 09:30 MYT'],
      ['amount', '(none)', '2000.00'],
      ['flags', '(none)', '["a"]'],
    ]);
  });

  it('says when nothing changed, and how many changes a very long list leaves to the raw JSON', () => {
    const { unmount } = renderKit(<AuditChangeList before={{ a: 1 }} after={{ a: 1 }} />);
    expect(screen.getByText('Nothing changed between before and after.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    const wide = Object.fromEntries(Array.from({ length: MAX_AUDIT_CHANGES + 3 }, (_, i) => [`k${i}`, i]));
    renderKit(<AuditChangeList before={undefined} after={wide} />);
    expect(screen.getAllByTestId('audit-change')).toHaveLength(MAX_AUDIT_CHANGES);
    expect(screen.getByText('and 3 more changes (in the raw JSON)')).toBeInTheDocument();
  });
});
