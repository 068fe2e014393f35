import { describe, expect, it } from 'vitest';
import { parseMalaysianName } from '../malaysian-name.ts';
import { canonicalToken } from '../name-equivalents.ts';

const texts = (tokens: { text: string }[]) => tokens.map((t) => t.text).join(' ');

describe('malaysian-name', () => {
  it.each([
    ["Dato' Sri Mohd. Najib b. Abd Razak", 'mohd najib', 'bin', 'abd razak', ['dato sri']],
    ['Siti Nurhaliza bt Tarudin', 'siti nurhaliza', 'binti', 'tarudin', []],
    ['Kumar A/L Ramasamy', 'kumar', 'a/l', 'ramasamy', []],
    ['Devi a/p Muthu', 'devi', 'a/p', 'muthu', []],
    ['Muthu s/o Kandasamy', 'muthu', 's/o', 'kandasamy', []],
    ['Jimbun anak Tuang', 'jimbun', 'anak', 'tuang', []],
    ['Tan Sri Haji Ali bin Haji Abu', 'ali', 'bin', 'abu', ['tan sri', 'haji', 'haji']],
    ['Aminah bte Yusof', 'aminah', 'binti', 'yusof', []],
  ])('%s', (raw, given, particle, father, titles) => {
    const { primary } = parseMalaysianName(raw);
    expect(texts(primary.given)).toBe(given);
    expect(primary.particle).toBe(particle);
    expect(texts(primary.family)).toBe(father);
    expect(primary.familyKind).toBe('father');
    expect(primary.titles).toEqual(titles);
  });

  it('puts a Chinese surname first and a Western one last', () => {
    expect(texts(parseMalaysianName('Tan Chee Meng').primary.family)).toBe('tan');
    expect(texts(parseMalaysianName('John Smith').primary.family)).toBe('smith');
  });

  it('keeps a lone title word as a name', () => {
    expect(texts(parseMalaysianName('Raja').primary.given)).toBe('raja');
  });

  it('splits aliases on @, alias and aka', () => {
    expect(parseMalaysianName('Ahmad bin Ali @ Mat Jenin').aliases.map((a) => texts(a.given) + ' ' + texts(a.family))).toEqual(['mat jenin']);
    expect(parseMalaysianName('Lim Ah Kow alias Ah Kow').aliases).toHaveLength(1);
    expect(parseMalaysianName('Jimbun anak Tuang aka Jim').aliases).toHaveLength(1);
  });

  it('folds spelling equivalents to one class', () => {
    for (const t of ['mohd', 'mohamad', 'muhammad', 'mohammed', 'mohamed', 'muhd', 'md']) expect(canonicalToken(t)).toBe('muhammad');
    expect(canonicalToken('abd')).toBe(canonicalToken('abdul'));
    expect(canonicalToken('noor')).toBe(canonicalToken('nor'));
    expect(canonicalToken('ahmed')).toBe('ahmad');
  });
});
