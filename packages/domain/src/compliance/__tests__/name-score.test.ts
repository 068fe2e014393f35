import { describe, expect, it } from 'vitest';
import { scoreName } from '../name-score.ts';
import { prepareName } from '../prepared-name.ts';
import { tokenSimilarity } from '../token-similarity.ts';
import { jaroWinkler } from '../jaro-winkler.ts';
import { consonantSkeleton, phoneticKey } from '../phonetic-key.ts';
import { DEFAULT_REVIEW_THRESHOLD, screeningOutcome } from '../screening-thresholds.ts';

const score = (q: string, c: string) => scoreName(q, c).score;
const token = (name: string) => prepareName(name).variants[0]!.tokens[0]!;

describe('token similarity', () => {
  it('Jaro-Winkler as defined', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.9611, 4);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.8133, 4);
    expect(jaroWinkler('', 'a')).toBe(0);
  });

  it('an equivalence class before spelling', () => {
    expect(tokenSimilarity(token('Mohd'), token('Muhammad'))).toEqual({ score: 0.97, kind: 'equivalent' });
  });

  it('a phonetic key shared by spellings', () => {
    expect(phoneticKey('syafiq')).toBe(phoneticKey('shafik'));
    expect(consonantSkeleton('mohammed')).toBe('mhmd');
  });

  it('unrelated names are worth nothing', () => {
    expect(tokenSimilarity(token('Ismail'), token('Yusof')).score).toBe(0);
  });
});

describe('name score', () => {
  it('is 1 only for the same normalised name', () => {
    expect(score('Tan Chee Meng', 'TAN  chee-meng')).toBe(1);
    expect(score('Chee Meng Tan', 'Tan Chee Meng')).toBeLessThan(1);
    expect(score('Mohd Ali bin Abu', 'Muhammad Ali bin Abu')).toBeLessThan(1);
  });

  it('does not saturate: two imperfect matches stay ordered', () => {
    const oneTypo = score('Muhammad Hafiz bin Osman', 'Muhammad Hafez bin Osman');
    const twoTypos = score('Muhammad Hafiz bin Osman', 'Muhammad Hafez bin Usmen');
    expect(oneTypo).toBeLessThan(1);
    expect(twoTypos).toBeLessThan(oneTypo);
  });

  it('abbreviated and dropped particles still match', () => {
    expect(score('Siti Aminah bt Hassan', 'Siti Aminah binti Hassan')).toBeGreaterThan(0.95);
    expect(score('Rosli Kassim', 'Rosli bin Kassim')).toBeGreaterThan(0.9);
    expect(score('Kumar a/l Ramasamy', 'Kumar s/o Ramasamy')).toBeGreaterThan(0.95);
  });

  it('weighs titles low', () => {
    expect(score('Tan Sri Haji Ali bin Abu', 'Ali bin Abu')).toBeGreaterThan(0.95);
  });

  it('matches Chinese characters with dialect and pinyin forms', () => {
    for (const c of ['Tan Chee Meng', 'Chen Zhiming', 'Chan Chi Ming']) expect(score('陳志明', c)).toBeGreaterThan(0.9);
  });

  it('matches Cyrillic and Arabic script with their transliterations', () => {
    expect(score('Владимир Путин', 'Vladimir Putin')).toBe(1);
    expect(score('محمد عبدالله حسين', 'Mohammed Abdullah Hussein')).toBeGreaterThan(0.95);
  });

  it('a missing given name costs less than a wrong surname', () => {
    const missing = score('Tan Chee Meng', 'Tan Meng');
    const wrongSurname = score('Tan Chee Meng', 'Lim Chee Meng');
    expect(missing).toBeGreaterThan(wrongSurname);
    expect(wrongSurname).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
  });

  it('a different father, a swapped father and a different sex are other people', () => {
    expect(score('Ahmad Faiz bin Ismail', 'Ahmad Faiz bin Yusof')).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
    expect(score('Ali bin Abu', 'Abu bin Ali')).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
    expect(score('Nur Aisyah binti Omar', 'Nur Aisyah bin Omar')).toBeLessThan(score('Nur Aisyah binti Omar', 'Nur Aisyah bt Omar'));
  });

  it('sharing a common name only is no match', () => {
    expect(score('Muhammad Hafiz bin Osman', 'Mohd Amirul bin Yusof')).toBeLessThan(0.5);
    expect(score('Siti Aminah binti Hassan', 'Siti Fatimah binti Hassan')).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
  });

  it('matches an alias and says so', () => {
    const s = scoreName('Mat Jenin', 'Ahmad bin Ali @ Mat Jenin');
    expect(s.score).toBe(1);
    expect(s.reasons[0]?.kind).toBe('alias');
  });

  it('explains itself', () => {
    const s = scoreName('Mohd Najib bin Abdul Razak', "Dato' Sri Muhammad Najib b. Abd Razak");
    expect(s.reasons.map((r) => r.kind)).toEqual(expect.arrayContaining(['exact', 'equivalent', 'title', 'particle']));
    expect(s.score).toBe(Math.round(s.score * 10000) / 10000);
  });

  it('scores a prepared candidate like a raw one', () => {
    const c = prepareName('Tan Chee Meng');
    expect(scoreName('陳志明', c)).toEqual(scoreName('陳志明', 'Tan Chee Meng'));
  });
});

describe('attributes', () => {
  const q = 'Ahmad Faiz bin Ismail';
  const c = 'Ahmad Faiz bin Yusof';
  it('an equal document settles it', () => {
    const s = scoreName(q, c, { query: { document: '880101-14-5555' }, candidate: { document: '880101145555' } });
    expect(s.score).toBe(1);
    expect(s.reasons[0]?.kind).toBe('document');
  });

  it('a different birth year lowers, an equal birth date raises, never to 1', () => {
    const base = score('Muhammad Hafiz bin Osman', 'Muhammad Hafez bin Osman');
    const other = scoreName('Muhammad Hafiz bin Osman', 'Muhammad Hafez bin Osman', { query: { birthDate: '1980-01-02' }, candidate: { birthDate: '1975-01-02' } });
    const same = scoreName('Muhammad Hafiz bin Osman', 'Muhammad Hafez bin Osman', { query: { birthDate: '1980-01-02' }, candidate: { birthDate: '1980-01-02' } });
    expect(other.score).toBeLessThan(base);
    expect(same.score).toBeGreaterThan(base);
    expect(same.score).toBeLessThan(1);
  });

  it('a different nationality lowers a little', () => {
    const s = scoreName('Ivan Petrov', 'Ivan Petrov', { query: { nationality: 'MY' }, candidate: { nationality: 'RU' } });
    expect(s.score).toBeLessThan(1);
    expect(s.score).toBeGreaterThan(0.9);
  });
});

describe('thresholds', () => {
  it('a low-quality alias never holds and needs more to review', () => {
    expect(screeningOutcome(0.9, 'un', 'good')).toBe('hold');
    expect(screeningOutcome(0.9, 'un', 'low')).toBe('clear');
    expect(screeningOutcome(0.82, 'ministry', 'good')).toBe('review');
    expect(screeningOutcome(0.82, 'pep', 'good')).toBe('clear');
  });
});
