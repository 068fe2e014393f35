/**
 * A name made ready for scoring once: parsed, normalised, each token with its canonical spellings,
 * phonetic keys and weight. A list of 40,000 names is prepared when it is loaded, so screening a
 * customer costs the comparisons only.
 */
import { parseMalaysianName, type ParsedName, type Particle } from './malaysian-name.ts';
import { canonicalToken, COMMON_TOKENS } from './name-equivalents.ts';
import { consonantSkeleton, phoneticKey } from './phonetic-key.ts';
import type { NameScript } from './name-normalise.ts';

export type TokenRole = 'given' | 'father' | 'surname';

export interface PreparedToken {
  text: string;
  forms: readonly string[];
  /** The equivalence class of each form (name-equivalents). */
  canon: readonly string[];
  /** The phonetic key of each form. */
  keys: readonly string[];
  /** For an Arabic-script token: its consonant skeleton (vowels are not written). */
  skeleton: string | null;
  script: NameScript;
  role: TokenRole;
  weight: number;
  /** A token so common that sharing it says little, and missing it costs little. */
  common: boolean;
}

export interface PreparedVariant {
  /** The normalised text of this name (all parts, titles included), for the exact-match rule. */
  text: string;
  tokens: PreparedToken[];
  titles: string[];
  particle: Particle | null;
  /** True for a name after "@", "alias" or "aka". */
  alias: boolean;
}

export interface PreparedName {
  raw: string;
  variants: PreparedVariant[];
}

/** Weights of the parts: a family name identifies more than a given name; common tokens less. */
export const ROLE_WEIGHT: Readonly<Record<TokenRole, number>> = { given: 1, father: 1, surname: 1.2 };
export const COMMON_WEIGHT = 0.5;

function prepareVariant(parsed: ParsedName, alias: boolean): PreparedVariant {
  const familyRole: TokenRole = parsed.familyKind === 'father' ? 'father' : 'surname';
  const tokens: PreparedToken[] = [
    ...parsed.given.map((t) => ({ t, role: 'given' as const })),
    ...parsed.family.map((t) => ({ t, role: familyRole })),
  ].map(({ t, role }) => {
    const canon = t.forms.map(canonicalToken);
    const common = role !== 'surname' && COMMON_TOKENS.has(canon[0]!);
    return {
      text: t.text,
      forms: t.forms,
      canon,
      keys: t.forms.map(phoneticKey),
      skeleton: t.script === 'arabic' ? consonantSkeleton(t.text) : null,
      script: t.script,
      role,
      weight: ROLE_WEIGHT[role] * (common ? COMMON_WEIGHT : 1),
      common,
    };
  });
  const text = [...parsed.titles, ...parsed.given.map((t) => t.text), parsed.particle ?? '', ...parsed.family.map((t) => t.text)]
    .filter(Boolean)
    .join(' ');
  return { text, tokens, titles: parsed.titles.map((t) => t.split(' ').map(canonicalToken).join(' ')), particle: parsed.particle, alias };
}

export function prepareName(raw: string): PreparedName {
  const name = parseMalaysianName(raw);
  return { raw, variants: [prepareVariant(name.primary, false), ...name.aliases.map((a) => prepareVariant(a, true))] };
}
