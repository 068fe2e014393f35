import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The strength rule of a new password on top of the format rule (`passwordField`): the estimator
 * `@zxcvbn-ts/core` with its common-password dictionaries must score it at least 3 of 4 (decision 0223).
 * The server checks it on every password it sets; the console loads this module only where a
 * password is set (never on the sign-in page: it carries the dictionaries).
 */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | null = null;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
  return estimator;
}

export interface PasswordStrength {
  /** 0 (too guessable) to 4 (very unguessable). */
  score: number;
  /** Refused when below MIN_PASSWORD_SCORE. */
  strongEnough: boolean;
  /** Why it is weak, in one sentence (English), or null when it is strong enough. */
  reason: string | null;
}

/**
 * The estimate of a password; `related` are the account's own words (username, e-mail, names),
 * which count as guessable in it.
 */
export function passwordStrength(password: string, related: readonly string[] = []): PasswordStrength {
  const result = zxcvbn().check(password.slice(0, 200), related.filter((w) => w.length > 0).map((w) => w.toLowerCase()));
  const strongEnough = result.score >= MIN_PASSWORD_SCORE;
  if (strongEnough) return { score: result.score, strongEnough, reason: null };
  const { warning, suggestions } = result.feedback;
  const why = warning ?? 'This password would be easy to guess.';
  const hint = suggestions[0];
  return { score: result.score, strongEnough, reason: `Password too weak: ${why}${hint ? ` ${hint}` : ''}` };
}
