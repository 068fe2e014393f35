import { describe, expect, it } from 'vitest';
import { MYKAD_PLACES, readMyKad } from '../mykad.ts';

const TODAY = '2026-11-29';

describe('readMyKad', () => {
  it('reads the birth date, the place code and the sex, with or without dashes', () => {
    expect(readMyKad('900115-14-5673', TODAY)).toEqual({ number: '900115145673', birthDate: '1990-01-15', placeCode: '14', sex: 'male' });
    expect(readMyKad('050301105678', TODAY)).toMatchObject({ birthDate: '2005-03-01', placeCode: '10', sex: 'female' });
  });

  it('infers the century so that the birth date is never after today', () => {
    expect(readMyKad('261129-01-1234', TODAY)).toMatchObject({ birthDate: '2026-11-29' });
    expect(readMyKad('261130-01-1234', TODAY)).toMatchObject({ birthDate: '1926-11-30' });
  });

  it('refuses a day the calendar does not have', () => {
    expect(readMyKad('900230-14-5673', TODAY)).toEqual({ refused: 'mykadDate' });
    expect(readMyKad('901301-14-5673', TODAY)).toEqual({ refused: 'mykadDate' });
    // 1900 was no leap year; 2000 was
    expect(readMyKad('000229-14-5673', TODAY)).toMatchObject({ birthDate: '2000-02-29' });
    expect(readMyKad('270229-14-5673', TODAY)).toEqual({ refused: 'mykadDate' });
  });

  it('refuses a place code outside the table: 00, 17-20, 69, 70, 73, 80, 81, 94-97', () => {
    for (const code of ['00', '17', '18', '19', '20', '69', '70', '73', '80', '81', '94', '95', '96', '97']) {
      expect(readMyKad(`900115-${code}-5673`, TODAY), code).toEqual({ refused: 'mykadPlace' });
    }
  });

  it('keeps the table as the brief states it: 01-16 and 21-59 states, the rest foreign or unknown', () => {
    const codes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, '0'));
    for (const code of [...codes(1, 16), ...codes(21, 59)]) expect(MYKAD_PLACES[code]?.kind, code).toBe('state');
    for (const code of [...codes(60, 68), '71', '72', ...codes(74, 79), ...codes(82, 93), '98', '99']) expect(MYKAD_PLACES[code]?.kind, code).not.toBe('state');
    expect(Object.keys(MYKAD_PLACES)).toHaveLength(16 + 39 + 9 + 2 + 6 + 12 + 2);
  });

  it('refuses what is not twelve digits in the YYMMDD-PB-###G shape', () => {
    for (const text of ['90011514567', '9001151456733', '900115-14-567A', '900115 14 5673', '9001-15-14-5673', '']) {
      expect(readMyKad(text, TODAY), text).toEqual({ refused: 'mykadFormat' });
    }
  });
});
