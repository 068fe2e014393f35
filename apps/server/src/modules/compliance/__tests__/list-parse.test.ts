import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { LIST_ENTRIES_MAX, LIST_FILE_MAX_BYTES } from '@aurum/domain/compliance/list-entry';
import { parseUnXml } from '../list-parse-un-xml.ts';
import { parseListCsv } from '../list-parse-csv.ts';
import { parseMinistryPdf } from '../list-parse-ministry-pdf.ts';
import { ENTITY_COLUMNS, INDIVIDUAL_COLUMNS, MINISTRY_TABLES, ministryPdf } from './fixtures/ministry-pdf.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const UN = fixture('un-consolidated.xml');
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The refusal a parser throws: its code, rule and where. */
async function refusal(run: () => unknown): Promise<{ code: number; rule: unknown; context: string }> {
  try {
    await run();
  } catch (error) {
    const e = error as { code: number; context: string; detail?: { rule: unknown } };
    return { code: e.code, rule: e.detail?.rule, context: e.context };
  }
  throw new Error('the file was read');
}

const unXml = (individuals: string, root = 'CONSOLIDATED_LIST') => utf8(`<?xml version="1.0" encoding="UTF-8"?><${root}><INDIVIDUALS>${individuals}</INDIVIDUALS><ENTITIES/></${root}>`);

describe('the UN consolidated list XML', () => {
  it('reads every individual and entity with its aliases, original script, birth dates, nationalities and documents', () => {
    const entries = parseUnXml(UN);
    expect(entries).toHaveLength(12);
    expect(entries.filter((e) => e.type === 'entity').map((e) => e.reference)).toEqual(['QDe.911', 'QDe.912', 'KPe.913', 'QDe.914']);
    const first = entries.find((e) => e.reference === 'QDi.901')!;
    expect(first).toMatchObject({
      type: 'individual',
      primaryName: 'Abdul Rahman Hamid Al-Tayyib',
      birthDates: ['1971-03-14'],
      nationalities: ['Syrian Arab Republic'],
      documents: [{ type: 'Passport', number: 'N 048812', country: 'Syrian Arab Republic' }],
      details: { dataId: '6908001', listType: 'Al-Qaida', listedOn: '2019-05-14' },
    });
    expect(first.names).toEqual([
      { name: 'Abdul Rahman Hamid Al-Tayyib', quality: 'good' },
      { name: 'عبد الرحمن حامد الطيب', quality: 'good' },
      { name: 'Abu Hamid', quality: 'good' },
      { name: 'Al-Tayyibi', quality: 'low' },
    ]);
    expect(entries.find((e) => e.reference === 'QDi.902')!.birthDates).toEqual(['1984']);
    expect(entries.find((e) => e.reference === 'QDi.903')!.birthDates).toEqual(['1965-1968']);
    expect(entries.find((e) => e.reference === 'QDi.905')!.nationalities).toEqual(['Malaysia', 'Indonesia']);
    expect(entries.find((e) => e.reference === 'QDi.908')!.primaryName).toBe('Omar Abdullah Ibrahim Sulaiman');
    // an empty alias element adds no name
    expect(entries.find((e) => e.reference === 'KPi.904')!.names.map((n) => n.name)).toEqual(['Kim Chol Su', '김철수']);
    expect(entries.find((e) => e.reference === 'QDe.911')!.names).toEqual([
      { name: 'Al-Furqan Relief Foundation', quality: 'good' },
      { name: 'Furqan Charitable Trust', quality: 'good' },
      { name: 'Al Furqan', quality: 'low' },
    ]);
  });

  it('refuses any DOCTYPE: an entity declaration (billion laughs), an external entity (XXE)', async () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><CONSOLIDATED_LIST><INDIVIDUALS/></CONSOLIDATED_LIST>';
    const xxe = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><FIRST_NAME>&xxe;</FIRST_NAME></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>';
    for (const xml of [laughs, xxe, '<!DOCTYPE CONSOLIDATED_LIST SYSTEM "list.dtd"><CONSOLIDATED_LIST/>']) {
      expect(await refusal(() => parseUnXml(utf8(xml)))).toMatchObject({ code: ErrorCode.ScreeningListFileRefused, rule: 'doctype', context: expect.stringContaining('DOCTYPE') });
    }
    // an entity never declared is an XML error, not text
    expect(await refusal(() => parseUnXml(unXml('<INDIVIDUAL><FIRST_NAME>&xxe;</FIRST_NAME></INDIVIDUAL>')))).toMatchObject({ rule: 'xml' });
  });

  it('refuses a file off the schema, naming the element', async () => {
    expect(await refusal(() => parseUnXml(unXml('', 'SANCTIONS')))).toMatchObject({ rule: 'schema', context: expect.stringContaining('SANCTIONS') });
    expect(await refusal(() => parseUnXml(unXml('<PERSON><FIRST_NAME>A</FIRST_NAME></PERSON>')))).toMatchObject({ rule: 'schema', context: expect.stringContaining('PERSON') });
    expect(await refusal(() => parseUnXml(unXml('<INDIVIDUAL><DATAID>77</DATAID><REFERENCE_NUMBER>QDi.1</REFERENCE_NUMBER></INDIVIDUAL>')))).toMatchObject({
      rule: 'schema',
      context: 'INDIVIDUAL DATAID 77 QDi.1: no name',
    });
    expect(await refusal(() => parseUnXml(unXml('<INDIVIDUAL><DATAID>78</DATAID><FIRST_NAME>Ali</FIRST_NAME></INDIVIDUAL>')))).toMatchObject({ rule: 'schema', context: 'INDIVIDUAL DATAID 78: no reference' });
    const twice = '<INDIVIDUAL><FIRST_NAME>A</FIRST_NAME><REFERENCE_NUMBER>QDi.1</REFERENCE_NUMBER></INDIVIDUAL>';
    expect(await refusal(() => parseUnXml(unXml(twice + twice)))).toMatchObject({ rule: 'duplicate' });
    expect(await refusal(() => parseUnXml(utf8('<CONSOLIDATED_LIST><INDIVIDUALS>')))).toMatchObject({ rule: 'xml' });
    expect(await refusal(() => parseUnXml(new Uint8Array([0x3c, 0x41, 0xff, 0xfe, 0x3e])))).toMatchObject({ rule: 'notUtf8' });
  });

  it('refuses a file over the size bound or the entry bound, reading no further', async () => {
    expect(await refusal(() => parseUnXml(new Uint8Array(LIST_FILE_MAX_BYTES + 1)))).toMatchObject({ rule: 'tooLarge' });
    expect(await refusal(() => parseUnXml(UN, true))).toMatchObject({ rule: 'tooLarge' });
    const many = Array.from({ length: LIST_ENTRIES_MAX + 1 }, (_, i) => `<ENTITY><FIRST_NAME>E${i}</FIRST_NAME><REFERENCE_NUMBER>R${i}</REFERENCE_NUMBER></ENTITY>`).join('');
    expect(await refusal(() => parseUnXml(utf8(`<CONSOLIDATED_LIST><ENTITIES>${many}</ENTITIES></CONSOLIDATED_LIST>`)))).toMatchObject({ rule: 'tooManyEntries' });
  });
});

describe("the Home Ministry's s.66B list PDF", () => {
  it('reads both tables by their header rows, wrapped cells whole, " @ " aliases as names of their own', async () => {
    const entries = await parseMinistryPdf(fixture('ministry-66b.pdf'));
    expect(entries.map((e) => [e.reference, e.type])).toEqual([
      ...MINISTRY_TABLES[0]!.rows.map((r) => [r[1], 'individual']),
      ...MINISTRY_TABLES[1]!.rows.map((r) => [r[1], 'entity']),
    ]);
    const first = entries[0]!;
    expect(first).toMatchObject({
      primaryName: 'Ahmad Zulkifli bin Hassan',
      birthDates: ['12/03/1975'],
      nationalities: ['Malaysia'],
      documents: [{ number: '750312-03-5121' }],
      details: { placeOfBirth: 'Kelantan', address: 'Kampung Laut, Tumpat, Kelantan', listedOn: '14/03/2014' },
    });
    expect(first.names.map((n) => n.name)).toEqual(['Ahmad Zulkifli bin Hassan', 'Abu Hassan', 'Pak Zul']);
    expect(entries.find((e) => e.reference === 'KDN.I.03-2015')!.details.address).toBe('Lot 12, Jalan Buli Sim-Sim, Sandakan, Sabah');
    expect(entries.find((e) => e.reference === 'KDN.I.05-2019')!.documents).toEqual([]);
    expect(entries.find((e) => e.reference === 'KDN.E.01-2016')!.names.map((n) => n.name)).toEqual(['Pertubuhan Amal Seri Bayu', 'Yayasan Seri Bayu']);
  });

  it('refuses a header with columns it does not know, naming them', async () => {
    const changed = await ministryPdf([
      { heading: 'A. INDIVIDUALS', columns: [...INDIVIDUAL_COLUMNS.slice(0, 8), { label: 'Gender', width: 40 }, { label: 'Remarks', width: 40 }], rows: [] },
      { heading: 'B. ENTITIES', columns: ENTITY_COLUMNS, rows: [] },
    ]);
    expect(await refusal(() => parseMinistryPdf(changed))).toMatchObject({ code: ErrorCode.ScreeningListFileRefused, rule: 'columns', context: 'unknown columns in the table header: Gender, Remarks' });
  });

  it('refuses a file that is not a PDF, or a PDF without the table', async () => {
    expect(await refusal(() => parseMinistryPdf(utf8('not a pdf at all')))).toMatchObject({ rule: 'pdf' });
    const empty = await ministryPdf([]);
    expect(await refusal(() => parseMinistryPdf(empty))).toMatchObject({ rule: 'schema' });
  });
});

describe('the CSV template', () => {
  const HEADER = 'Reference,Type,Name,Date of Birth,Place of Birth,Nationality,Passport / IC No.,Address,Date Listed';
  it('reads rows with a byte-order mark, quotes and " @ " aliases', () => {
    const csv = `\uFEFF${HEADER}\r\nPEP-1,individual,"Tan Sri Abu Bakar @ Abu",1950-01-01,Melaka,Malaysia;Singapore,,"Jalan 1, KL",2024-01-01\r\nINT-2,entity,Syarikat Contoh Sdn Bhd,,,,,,\r\n`;
    const entries = parseListCsv(utf8(csv));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ reference: 'PEP-1', type: 'individual', primaryName: 'Tan Sri Abu Bakar', nationalities: ['Malaysia', 'Singapore'], details: { address: 'Jalan 1, KL' } });
    expect(entries[0]!.names.map((n) => n.name)).toEqual(['Tan Sri Abu Bakar', 'Abu']);
    expect(entries[1]).toMatchObject({ reference: 'INT-2', type: 'entity', birthDates: [] });
  });

  it('refuses unknown or missing headers naming them, invalid UTF-8, a bad type', async () => {
    expect(await refusal(() => parseListCsv(utf8('Reference,Kind,Name,Remarks\nA,individual,B,C\n')))).toMatchObject({ rule: 'columns', context: expect.stringContaining('unknown columns: Kind, Remarks') });
    expect(await refusal(() => parseListCsv(utf8('Reference,Name\nA,B\n')))).toMatchObject({ rule: 'columns', context: 'missing columns: type' });
    expect(await refusal(() => parseListCsv(new Uint8Array([...utf8(`${HEADER}\nA,individual,`), 0xc3, 0x28])))).toMatchObject({ rule: 'notUtf8' });
    expect(await refusal(() => parseListCsv(utf8(`${HEADER}\nA,person,B\n`)))).toMatchObject({ rule: 'field', context: "line 2 Type: individual or entity, not 'person'" });
  });
});
