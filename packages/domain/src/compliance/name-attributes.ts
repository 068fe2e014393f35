/**
 * What a birth date, a nationality and an identity document add to a name's score. An equal
 * document number settles it (1, whatever the names). A different birth year makes a namesake
 * likelier than a match; an equal full birth date the reverse. A different document or nationality
 * lowers a little only: people hold several passports and lists record one.
 */
export interface NameAttributes {
  /** "YYYY-MM-DD", or "YYYY" when only the year is known. */
  birthDate?: string;
  /** ISO 3166 alpha-2 or alpha-3, any case. */
  nationality?: string;
  /** Passport or identity card number, any punctuation. */
  document?: string;
}

interface Scored {
  score: number;
  reasons: Array<{ kind: string; query: string; candidate: string; score: number }>;
}

const BELOW_EXACT = 0.995;

const toward = (score: number, share: number) => Math.min(BELOW_EXACT, score + (1 - score) * share);

export function applyAttributes(base: Scored, q: NameAttributes | undefined, c: NameAttributes | undefined): Scored {
  if (!q || !c) return base;
  const reasons = [...base.reasons];
  let score = base.score;
  const docQ = q.document?.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const docC = c.document?.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (docQ && docC) {
    if (docQ === docC) return { score: 1, reasons: [{ kind: 'document', query: q.document!, candidate: c.document!, score: 1 }, ...reasons] };
    score *= 0.95;
    reasons.push({ kind: 'document', query: q.document!, candidate: c.document!, score: 0 });
  }
  if (q.birthDate && c.birthDate) {
    const yearQ = q.birthDate.slice(0, 4);
    const yearC = c.birthDate.slice(0, 4);
    if (yearQ !== yearC) {
      score *= 0.8;
      reasons.push({ kind: 'birth-year', query: q.birthDate, candidate: c.birthDate, score: 0 });
    } else if (q.birthDate.length >= 10 && q.birthDate === c.birthDate) {
      score = toward(score, 0.5);
      reasons.push({ kind: 'birth-date', query: q.birthDate, candidate: c.birthDate, score: 1 });
    } else if (q.birthDate.length >= 10 && c.birthDate.length >= 10) {
      score *= 0.95;
      reasons.push({ kind: 'birth-date', query: q.birthDate, candidate: c.birthDate, score: 0.5 });
    } else {
      score = toward(score, 0.2);
      reasons.push({ kind: 'birth-year', query: q.birthDate, candidate: c.birthDate, score: 1 });
    }
  }
  if (q.nationality && c.nationality) {
    const same = q.nationality.toUpperCase() === c.nationality.toUpperCase();
    score = same ? toward(score, 0.1) : score * 0.95;
    reasons.push({ kind: 'nationality', query: q.nationality, candidate: c.nationality, score: same ? 1 : 0 });
  }
  return { score, reasons };
}
