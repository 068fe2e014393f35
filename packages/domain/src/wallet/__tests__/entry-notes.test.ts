import { describe, expect, it } from 'vitest';
import { entryNoteText, storedEntryNote } from '../entry-notes.ts';

describe("an entry's note as a code", () => {
  it('keeps the English text entries have always had beside the code', () => {
    expect(entryNoteText({ code: 'request.held', params: { action: 'withdrawal', id: 17 } })).toBe('withdrawal request 17');
    expect(entryNoteText({ code: 'request.approved', params: { action: 'deposit', id: 17 } })).toBe('deposit request 17');
    expect(entryNoteText({ code: 'request.declined', params: { action: 'transfer', id: 3 } })).toBe('transfer request 3 declined');
    expect(entryNoteText({ code: 'order', params: { id: 5 } })).toBe('Order 5');
    expect(entryNoteText({ code: 'order.payment', params: { id: 5 } })).toBe('Order 5 payment');
    expect(entryNoteText({ code: 'order.canceled', params: { id: 5 } })).toBe('Order 5 cancel');
    expect(entryNoteText({ code: 'order.reverted', params: { id: 5 } })).toBe('Order 5 revert');
  });

  it('reads a stored code back, and nothing from a row without one or with a code it does not know', () => {
    expect(storedEntryNote('order.payment', { id: 5 })).toEqual({ code: 'order.payment', params: { id: 5 } });
    expect(storedEntryNote(null, null)).toBeNull();
    expect(storedEntryNote('order.teleported', { id: 5 })).toBeNull();
    expect(storedEntryNote('request.held', { action: 'gift', id: 5 })).toBeNull();
  });
});
