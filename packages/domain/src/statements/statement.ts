import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import type { UserBook } from '../wallet/ledger.ts';

/**
 * A customer statement, pure (decision 1010): the opening of a range, one line per journal entry
 * that touched the user's books, a running balance after each, the closing. What the customer owns is
 * its MYR (fund plus what is held of it) and its gold in grams (gold plus what is held of it); the
 * held parts and the unused credit line run beside them, so a hold or its release is a line that
 * moves no owned figure.
 */
export const STATEMENT_FIGURES = ['myr', 'grams', 'heldMyr', 'heldGrams', 'credit'] as const;
export type StatementFigure = (typeof STATEMENT_FIGURES)[number];
export type StatementFigures = Record<StatementFigure, string>;

/** The unit of each figure: its scale and what the columns say. */
export const FIGURE_UNIT: Record<StatementFigure, 'MYR' | 'XAU'> = { myr: 'MYR', grams: 'XAU', heldMyr: 'MYR', heldGrams: 'XAU', credit: 'MYR' };

/** Which figures a book of the user counts in. */
const BOOK_FIGURES: Record<UserBook, readonly StatementFigure[]> = {
  fund: ['myr'],
  fundHeld: ['myr', 'heldMyr'],
  gold: ['grams'],
  goldHeld: ['grams', 'heldGrams'],
  credit: ['credit'],
};

/** Amounts per book of the user: balances, or one entry's signed movements (absent is zero). */
export type BookAmounts = Partial<Record<UserBook, string>>;

/** One journal entry as the statement reads it: what it was, what it refers to, how it moved each book. */
export interface StatementEntry {
  entryId: number;
  /** The journal entry's kind: 'order.fill', 'request.deposit', ... */
  kind: string;
  /** When it was posted, ISO. */
  at: string;
  note: string | null;
  orderId: number | null;
  requestId: number | null;
  books: BookAmounts;
}

export interface StatementLine extends Omit<StatementEntry, 'books'> {
  movement: StatementFigures;
  /** The figures after this line. */
  balance: StatementFigures;
}

export interface StatementFiguresRun {
  opening: StatementFigures;
  lines: StatementLine[];
  /** The sum of the lines' movements. */
  movements: StatementFigures;
  closing: StatementFigures;
}

type Exact = Record<StatementFigure, Decimal>;

const zeros = (): Exact => ({ myr: new Decimal(0), grams: new Decimal(0), heldMyr: new Decimal(0), heldGrams: new Decimal(0), credit: new Decimal(0) });

const text = (v: Exact): StatementFigures =>
  Object.fromEntries(STATEMENT_FIGURES.map((f) => [f, roundTo(v[f], SCALE[FIGURE_UNIT[f]])])) as StatementFigures;

function exactFigures(books: BookAmounts): Exact {
  const out = zeros();
  for (const [book, amount] of Object.entries(books) as Array<[UserBook, string | undefined]>) {
    if (amount === undefined) continue;
    for (const f of BOOK_FIGURES[book]) out[f] = out[f].plus(amount);
  }
  return out;
}

/** The statement's figures of some book amounts, each at its unit's scale. */
export function figuresOf(books: BookAmounts): StatementFigures {
  return text(exactFigures(books));
}

/**
 * The statement from the opening balances and the range's entries in journal order: each line's
 * balance is the previous one plus its movement, exactly (the journal holds amounts at their scale,
 * so no line rounds).
 */
export function statementRun(opening: BookAmounts, entries: readonly StatementEntry[]): StatementFiguresRun {
  const start = exactFigures(opening);
  const running = { ...start };
  const sum = zeros();
  const lines: StatementLine[] = [];
  for (const { books, ...entry } of entries) {
    const move = exactFigures(books);
    for (const f of STATEMENT_FIGURES) {
      running[f] = running[f].plus(move[f]);
      sum[f] = sum[f].plus(move[f]);
    }
    lines.push({ ...entry, movement: text(move), balance: text(running) });
  }
  return { opening: text(start), lines, movements: text(sum), closing: text(running) };
}
