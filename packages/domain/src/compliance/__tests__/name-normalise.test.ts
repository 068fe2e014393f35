import { describe, expect, it } from 'vitest';
import { foldLatin, normaliseName, normalisedText } from '../name-normalise.ts';
import { CHINESE_SURNAMES, chineseSurname } from '../chinese-surnames.ts';

describe('name-normalise', () => {
  it('folds case, diacritics, width and punctuation', () => {
    expect(foldLatin("  JOSÉ  Müller-Łukasz, Dato' ")).toBe('jose muller lukasz dato');
    expect(normalisedText('ＡＨＭＡＤ')).toBe('ahmad');
  });

  it('transliterates Cyrillic by the table', () => {
    expect(normalisedText('Владимир Путин')).toBe('vladimir putin');
    expect(normalisedText('Сергей Щукин')).toBe('sergey shchukin');
  });

  it('writes Arabic names as English lists do, or as consonants with their skeleton', () => {
    expect(normalisedText('محمد عبدالله حسين')).toBe('muhammad abdullah hussein');
    const [token] = normaliseName('رضوان');
    expect(token?.script).toBe('arabic');
    expect(token?.text).toBe('rduan');
  });

  it('folds Traditional to Simplified and gives a surname its dialect spellings', () => {
    const tokens = normaliseName('陳志明');
    expect(tokens.map((t) => t.text)).toEqual(['chen', 'zhi', 'ming']);
    expect(tokens[0]?.forms).toEqual(expect.arrayContaining(['chan', 'tan', 'chin']));
    expect(tokens[0]?.chineseSurname).toBe(true);
    expect(tokens[1]?.forms).toContain('chee');
    expect(normaliseName('陈志明').map((t) => t.forms)).toEqual(tokens.map((t) => t.forms));
  });

  it('knows two-character surnames', () => {
    expect(normaliseName('歐陽振華')[0]?.forms).toContain('auyong');
  });

  it('holds at least 60 surnames, each keyed once', () => {
    expect(CHINESE_SURNAMES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CHINESE_SURNAMES.map((s) => s.hant)).size).toBe(CHINESE_SURNAMES.length);
    expect(chineseSurname('黄')?.variants).toEqual(expect.arrayContaining(['wong', 'ng', 'ooi', 'wee']));
  });
});
