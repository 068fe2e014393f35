import { describe, expect, it } from 'vitest';
import { prepareName } from '../prepared-name.ts';
import { preparedNameCache } from '../prepared-name-cache.ts';
import { matchListedName, type ListedName } from '../screening-match.ts';

describe('names prepared once', () => {
  it('gives what prepareName gives, the same object for a name met again', () => {
    const prepare = preparedNameCache(10);
    const first = prepare('Lim Ah Kow @ Lim Kok Wah');
    expect(first).toEqual(prepareName('Lim Ah Kow @ Lim Kok Wah'));
    expect(prepare('Lim Ah Kow @ Lim Kok Wah')).toBe(first);
  });

  it('keeps at most its bound, dropping the least recently used name', () => {
    const prepare = preparedNameCache(2);
    const a = prepare('Tan Wei Ming');
    const b = prepare('Raju a/l Muthusamy');
    expect(prepare('Tan Wei Ming')).toBe(a); // a is now the most recently used
    prepare('Chen Jia Hui'); // drops b
    expect(prepare('Tan Wei Ming')).toBe(a);
    expect(prepare('Raju a/l Muthusamy')).not.toBe(b);
  });

  it('scores a pair exactly as without it', () => {
    const listed: ListedName = { name: 'Muhammad Hafiz bin Abdullah', quality: 'good', listKind: 'un', birthDates: ['1975-04-12'], nationalities: [], documents: [] };
    const subject = { name: 'Mohd Hafiz Abdullah', birthDate: '1975-04-12', nationality: null, document: null };
    const prepare = preparedNameCache(5);
    expect(matchListedName(subject, listed, prepare)).toEqual(matchListedName(subject, listed));
    expect(matchListedName(subject, listed, prepare)).toEqual(matchListedName(subject, listed));
  });
});
