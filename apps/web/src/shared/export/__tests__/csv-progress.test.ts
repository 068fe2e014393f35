import { describe, expect, it } from 'vitest';
import { attachmentName, createCsvRowCounter, formatBytes } from '../csv-progress.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('CSV progress', () => {
  it('counts records after the header, across chunks and quoted line ends', () => {
    const counter = createCsvRowCounter();
    expect(counter.feed(bytes('\uFEFFid,date\r\n1,"a\r\nb"'))).toBe(0);
    expect(counter.feed(bytes('\r\n2,"say ""hi"""\r'))).toBe(1);
    expect(counter.feed(bytes('\n3,x'))).toBe(2);
    expect(counter.finish()).toBe(3);
  });

  it('an empty export has no records', () => {
    const counter = createCsvRowCounter();
    counter.feed(bytes('id,date\r\n'));
    expect(counter.finish()).toBe(0);
  });

  it('reads the attachment name', () => {
    expect(attachmentName('attachment; filename="audit-trail-20260101T000000Z.csv"', 'x.csv')).toBe('audit-trail-20260101T000000Z.csv');
    expect(attachmentName(null, 'x.csv')).toBe('x.csv');
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
