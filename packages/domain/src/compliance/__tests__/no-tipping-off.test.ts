import { describe, expect, it } from 'vitest';
import { STATEMENT_LABELS } from '../../statements/statement-labels.ts';
import { EntryNote, entryNoteText } from '../../wallet/entry-notes.ts';
import { ErrorCode, messageFor } from '../../errors/catalogue.ts';

/** Words that would tell a customer a screening is behind what happened (AMLA s.14A: tipping off). */
const TELLS = /screen|sanction|watch ?list|match|suspicio|UN list|KDN|ministry|PEP/i;

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value !== null && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

describe('what a customer can receive names no screening', () => {
  it('the statement, in every language, says nothing of screening', () => {
    const found = strings(STATEMENT_LABELS).filter((s) => TELLS.test(s));
    expect(found).toEqual([]);
  });

  it('the notes of a customer’s ledger lines say nothing of screening', () => {
    const texts = EntryNote.options.map((o) => entryNoteText(EntryNote.parse({ code: o.shape.code.value, params: { id: 1, action: 'withdrawal' } })));
    expect(texts).toHaveLength(EntryNote.options.length);
    expect(texts.filter((s) => TELLS.test(s))).toEqual([]);
  });

  it('a refused money call says "compliance hold" and no more', () => {
    expect(messageFor(ErrorCode.ComplianceHold, 'compliance hold')).not.toMatch(TELLS);
  });

  it('a call refused for due diligence names the file, not a screening', () => {
    expect(messageFor(ErrorCode.DueDiligenceRequired, 'due diligence')).toMatch(/due diligence/);
    expect(messageFor(ErrorCode.DueDiligenceRequired, 'due diligence')).not.toMatch(TELLS);
  });
});
