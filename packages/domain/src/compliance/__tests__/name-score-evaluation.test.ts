/**
 * The matcher measured on the labelled pairs (scripts/generate-screening-pairs.ts writes them):
 * recall and precision at the default review threshold, and its false positives against plain
 * Jaro-Winkler on the whole normalised string at the same recall.
 */
import { describe, expect, it } from 'vitest';
import pairs from './fixtures/labelled-pairs.json' with { type: 'json' };
import { scoreName } from '../name-score.ts';
import { jaroWinkler } from '../jaro-winkler.ts';
import { normalisedText } from '../name-normalise.ts';
import { DEFAULT_REVIEW_THRESHOLD } from '../screening-thresholds.ts';

// the domain compiles without Node's or the DOM's types; the figures go to the test's output
declare const console: { log: (message: string) => void };

interface Scored {
  match: boolean;
  category: string;
  score: number;
}

const BASELINE_THRESHOLD = 0.85;

function figures(scored: readonly Scored[], threshold: number) {
  const tp = scored.filter((s) => s.match && s.score >= threshold).length;
  const fp = scored.filter((s) => !s.match && s.score >= threshold).length;
  const positives = scored.filter((s) => s.match).length;
  return { tp, fp, recall: tp / positives, precision: tp + fp === 0 ? 1 : tp / (tp + fp) };
}

/** The highest threshold at which a scorer reaches a recall (its false positives at it). */
function atRecall(scored: readonly Scored[], recall: number) {
  const positives = scored.filter((s) => s.match).map((s) => s.score).sort((a, b) => b - a);
  const threshold = positives[Math.max(0, Math.ceil(recall * positives.length) - 1)]!;
  return { threshold, ...figures(scored, threshold) };
}

describe('the name matcher on the labelled pairs', () => {
  const matcher: Scored[] = pairs.map((p) => ({ match: p.match, category: p.category, score: scoreName(p.query, p.candidate).score }));
  const baseline: Scored[] = pairs.map((p) => ({
    match: p.match,
    category: p.category,
    score: jaroWinkler(normalisedText(p.query), normalisedText(p.candidate)),
  }));

  it('holds at least 5,000 pairs of every category', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(pairs.map((p) => p.category)).size).toBeGreaterThanOrEqual(15);
  });

  it('finds 98% of the matches at 95% precision at the default review threshold', () => {
    const m = figures(matcher, DEFAULT_REVIEW_THRESHOLD);
    const perCategory = [...new Set(pairs.map((p) => p.category))].map((category) => {
      const inCategory = matcher.filter((s) => s.category === category);
      const wrong = inCategory.filter((s) => s.match !== s.score >= DEFAULT_REVIEW_THRESHOLD).length;
      return `${category}: ${wrong}/${inCategory.length} wrong`;
    });
    console.log(
      `matcher at ${DEFAULT_REVIEW_THRESHOLD}: recall ${m.recall.toFixed(4)}, precision ${m.precision.toFixed(4)}, ` +
        `false positives ${m.fp}\n  ${perCategory.join('\n  ')}`,
    );
    expect(m.recall).toBeGreaterThanOrEqual(0.98);
    expect(m.precision).toBeGreaterThanOrEqual(0.95);
  });

  it('has at most half the false positives of plain Jaro-Winkler at the same recall', () => {
    const b = figures(baseline, BASELINE_THRESHOLD);
    const m = atRecall(matcher, b.recall);
    const mDefault = figures(matcher, DEFAULT_REVIEW_THRESHOLD);
    const bSame = atRecall(baseline, mDefault.recall);
    console.log(
      `baseline Jaro-Winkler at ${BASELINE_THRESHOLD}: recall ${b.recall.toFixed(4)}, precision ${b.precision.toFixed(4)}, false positives ${b.fp}\n` +
        `matcher at that recall (threshold ${m.threshold.toFixed(4)}): recall ${m.recall.toFixed(4)}, false positives ${m.fp}\n` +
        `baseline at the matcher's recall ${mDefault.recall.toFixed(4)} (threshold ${bSame.threshold.toFixed(4)}): false positives ${bSame.fp} against the matcher's ${mDefault.fp}`,
    );
    expect(m.fp).toBeLessThanOrEqual(b.fp / 2);
  });
});
