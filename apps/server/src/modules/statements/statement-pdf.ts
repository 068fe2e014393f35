import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { STATEMENT_LABELS, kindLabel } from '@aurum/domain/statements/statement-labels';
import type { StatementAnswer, StatementFiguresView, StatementLanguage } from '@aurum/domain/statements/statement-schemas';
import { businessClock } from '@aurum/domain/system/business-time';

/**
 * A statement as a PDF document (decision 1011): A4 landscape, the labels in the asked language,
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

/** A moment as Kuala Lumpur's clock shows it, yyyy-MM-dd HH:mm. */
function businessMoment(iso: string): string {
  const { date, minutes } = businessClock(new Date(iso));
  return `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

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

  doc.fontSize(16).text(t.title, MARGIN, MARGIN);
  doc.fontSize(9);
  const name = statement.user.name ? `${statement.user.name} (${statement.user.username})` : statement.user.username;
  doc.text(`${t.customer}: ${name} · #${statement.user.id}`);
  doc.text(`${t.period}: ${statement.from} – ${statement.to}`);
  doc.text(`${t.generated}: ${businessMoment(now.toISOString())} · ${t.timeZone}`);

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
    summaryRow([t[f], statement.opening[f], statement.movements[f], statement.closing[f]], y);
    y += ROW;
  }

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
      y = header(MARGIN);
    }
    cells(values, y);
    y += ROW;
  };
  const blank = '';
  line([statement.from, t.opening, blank, blank, statement.opening.myr, statement.opening.heldMyr, blank, statement.opening.grams, statement.opening.heldGrams]);
  for (const l of statement.lines) {
    const reference = l.orderId !== null ? `${t.order} #${l.orderId}` : l.requestId !== null ? `${t.request} #${l.requestId}` : blank;
    line([businessMoment(l.at), kindLabel(lang, l.kind), reference, l.movement.myr, l.balance.myr, l.balance.heldMyr, l.movement.grams, l.balance.grams, l.balance.heldGrams]);
  }
  if (statement.lines.length === 0) line([blank, t.noMovements, blank, blank, blank, blank, blank, blank, blank]);
  rule(y);
  line([statement.to, t.closing, blank, statement.movements.myr, statement.closing.myr, statement.closing.heldMyr, statement.movements.grams, statement.closing.grams, statement.closing.heldGrams]);

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // the footer sits in the bottom margin: no page break for it
    doc.page.margins.bottom = 0;
    doc.fontSize(7).text(`${t.page} ${i + 1} / ${range.count}`, MARGIN, doc.page.height - MARGIN + 8, { width: doc.page.width - 2 * MARGIN, align: 'right', lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
