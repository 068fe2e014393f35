import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { STATEMENT_LABELS, kindLabel, type StatementLabels } from '@aurum/domain/statements/statement-labels';
import { METAL_NAMES } from '@aurum/domain/finance/chart-of-accounts';
import { groupThousands } from '@aurum/domain/money/grouping';
import type { StatementAnswer, StatementFiguresView, StatementLanguage } from '@aurum/domain/statements/statement-schemas';
import { displayBusinessMoment, displayDate } from '@aurum/domain/system/display-date';

/**
 * A statement as a PDF document (decisions 1011, 1014, 1015): A4 landscape, the dealer's letterhead on every page, the labels in the asked language,
 * every text in Noto Sans CJK TC (Traditional Chinese and Latin), embedded as a subset of the glyphs
 * the document uses. The font is read and parsed once per process: parsing its 65,000 glyphs'
 * tables was most of a statement's CPU time, and pdfkit takes a parsed fontkit font as it takes bytes
 * (each document still makes its own subset).
 */

let parsedFont: Font | undefined;

/** Noto Sans Hant Regular from its npm package, parsed on first use and kept. */
function statementFont(): Font {
  if (!parsedFont) {
    const main = createRequire(import.meta.url).resolve('@embedpdf/fonts-tc');
    const font = create(readFileSync(join(dirname(dirname(main)), 'fonts', 'NotoSansHant-Regular.otf')));
    if (!('layout' in font)) throw new Error('the statement font is a collection, not one font');
    parsedFont = font;
  }
  return parsedFont;
}

const MARGIN = 36;
const ROW = 16;
/** Where a page's content starts: below the letterhead. */
const PAGE_TOP = MARGIN + 44;

/** Figures as people read them: thousands grouped (the CSV keeps plain decimals, decision 1015). */
const grouped = groupThousands;

/**
 * The top of every page (decisions 1014, 1015): the dealer's name, address and registration on the
 * left; the statement's number and, for a period not ended, the INTERIM mark and its cut-off on the right.
 */
function letterhead(doc: PDFKit.PDFDocument, s: StatementAnswer, t: StatementLabels): void {
  const width = doc.page.width - 2 * MARGIN;
  doc.fontSize(11).fillColor('#000000').text(s.dealer.name, MARGIN, MARGIN, { width: width * 0.6, lineBreak: false, ellipsis: true });
  doc.fontSize(7.5).text(s.dealer.address, MARGIN, MARGIN + 15, { width: width * 0.6, lineBreak: false, ellipsis: true });
  doc.text(`${t.registration}: ${s.dealer.registration}`, MARGIN, MARGIN + 25, { width: width * 0.6, lineBreak: false, ellipsis: true });
  doc.fontSize(8).text(`${t.number}: ${s.number}`, MARGIN, MARGIN, { width, align: 'right', lineBreak: false });
  if (s.interim) {
    doc.fontSize(10).fillColor('#b00020').text(t.interim, MARGIN, MARGIN + 12, { width, align: 'right', lineBreak: false });
    doc.fontSize(7.5).text(`${t.cutOff} ${displayBusinessMoment(new Date(s.cutOffAt))} (MYT)`, MARGIN, MARGIN + 25, { width, align: 'right', lineBreak: false });
    doc.fillColor('#000000');
  }
  doc.moveTo(MARGIN, MARGIN + 37).lineTo(doc.page.width - MARGIN, MARGIN + 37).lineWidth(0.75).strokeColor('#555555').stroke();
}
/** Date, description, reference, then the figures' movement and balance columns. */
const COLUMNS = [
  { key: 'date', width: 86 },
  { key: 'description', width: 150 },
  { key: 'reference', width: 70 },
  { key: 'myr', width: 80 },
  { key: 'myrBalance', width: 80 },
  { key: 'heldMyr', width: 78 },
  { key: 'grams', width: 72 },
  { key: 'gramsBalance', width: 76 },
  { key: 'heldGrams', width: 76 },
] as const;

/** The statement as PDF bytes. */
export async function statementPdf(statement: StatementAnswer, lang: StatementLanguage, now: Date): Promise<Buffer> {
  const t = STATEMENT_LABELS[lang];
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, bufferPages: true, info: { Title: `${t.title} ${statement.user.username} ${statement.from} ${statement.to}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // pdfkit's types name bytes only; its font factory also takes a parsed fontkit font
  doc.registerFont('statement', statementFont() as unknown as Buffer);
  doc.font('statement');

  const bottom = doc.page.height - MARGIN - ROW;
  const cells = (values: readonly string[], y: number, size = 8) => {
    let x = MARGIN;
    doc.fontSize(size);
    values.forEach((value, i) => {
      const { width } = COLUMNS[i]!;
      // figures right-aligned, text left-aligned
      doc.text(value, x + 2, y + 4, { width: width - 4, align: i >= 3 ? 'right' : 'left', lineBreak: false, ellipsis: true });
      x += width;
    });
  };
  const rule = (y: number) => doc.moveTo(MARGIN, y).lineTo(doc.page.width - MARGIN, y).lineWidth(0.5).strokeColor('#999999').stroke();

  // every page starts below the letterhead, drawn on each page at the end
  doc.fontSize(16).text(t.title, MARGIN, PAGE_TOP);
  doc.fontSize(9);
  const name = statement.user.name ? `${statement.user.name} (${statement.user.username})` : statement.user.username;
  doc.text(`${t.number}: ${statement.number}`);
  doc.text(`${t.customer}: ${name} · #${statement.user.id}`);
  doc.text(`${t.period}: ${displayDate(statement.from)} – ${displayDate(statement.to)}`);
  doc.text(`${t.generated}: ${displayBusinessMoment(now)} · ${t.timeZone}`);

  // the summary: each figure's opening, movements and closing
  let y = doc.y + 10;
  const summaryHead = ['', t.opening, t.movements, t.closing];
  const summaryWidths = [200, 110, 110, 110];
  const summaryRow = (values: readonly string[], at: number) => {
    let x = MARGIN;
    values.forEach((v, i) => {
      doc.text(v, x + 2, at + 4, { width: summaryWidths[i]! - 4, align: i === 0 ? 'left' : 'right', lineBreak: false });
      x += summaryWidths[i]!;
    });
  };
  doc.fontSize(9);
  summaryRow(summaryHead, y);
  y += ROW;
  rule(y);
  for (const f of ['myr', 'heldMyr', 'grams', 'heldGrams', 'credit'] as const satisfies ReadonlyArray<keyof StatementFiguresView>) {
    summaryRow([t[f], grouped(statement.opening[f]), grouped(statement.movements[f]), grouped(statement.closing[f])], y);
    y += ROW;
  }

  // the metal held at the closing mid (decision 1015)
  y += 8;
  doc.fontSize(9).text(`${t.valuation} (${displayBusinessMoment(new Date(statement.cutOffAt))})`, MARGIN + 2, y + 4, { lineBreak: false });
  y += ROW;
  summaryRow([t.metal, t.grams, t.unitPrice, t.value], y);
  y += ROW;
  rule(y);
  for (const m of statement.valuation.metals) {
    const metal = `${METAL_NAMES[m.metal][lang]} (${m.metal})`;
    summaryRow([metal, grouped(m.grams), m.unitPriceMyr === null ? t.unpriced : grouped(m.unitPriceMyr), m.valueMyr === null ? '–' : grouped(m.valueMyr)], y);
    y += ROW;
  }
  summaryRow([t.total, '', '', statement.valuation.totalMyr === null ? '–' : grouped(statement.valuation.totalMyr)], y);
  y += ROW;

  const head = [t.date, t.description, t.reference, t.myr, `${t.balance} (${t.myr})`, t.heldMyr, t.grams, `${t.balance} (${t.grams})`, t.heldGrams];
  const header = (at: number) => {
    cells(head, at, 7.5);
    rule(at + ROW);
    return at + ROW;
  };
  y = header(y + 14);
  const line = (values: readonly string[]) => {
    if (y > bottom) {
      doc.addPage();
      y = header(PAGE_TOP);
    }
    cells(values, y);
    y += ROW;
  };
  const blank = '';
  const g = grouped;
  const o = statement.opening;
  line([displayDate(statement.from), t.opening, blank, blank, g(o.myr), g(o.heldMyr), blank, g(o.grams), g(o.heldGrams)]);
  for (const l of statement.lines) {
    const reference = l.orderId !== null ? `${t.order} #${l.orderId}` : l.requestId !== null ? `${t.request} #${l.requestId}` : blank;
    const [m, b] = [l.movement, l.balance];
    line([displayBusinessMoment(new Date(l.at)), kindLabel(lang, l.kind), reference, g(m.myr), g(b.myr), g(b.heldMyr), g(m.grams), g(b.grams), g(b.heldGrams)]);
  }
  if (statement.lines.length === 0) line([blank, t.noMovements, blank, blank, blank, blank, blank, blank, blank]);
  rule(y);
  const [mv, c] = [statement.movements, statement.closing];
  line([displayDate(statement.to), t.closing, blank, g(mv.myr), g(c.myr), g(c.heldMyr), g(mv.grams), g(c.grams), g(c.heldGrams)]);

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // the footer sits in the bottom margin: no page break for it
    doc.page.margins.bottom = 0;
    letterhead(doc, statement, t);
    doc.fontSize(7).text(`${t.page} ${i + 1} / ${range.count}`, MARGIN, doc.page.height - MARGIN + 8, { width: doc.page.width - 2 * MARGIN, align: 'right', lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
