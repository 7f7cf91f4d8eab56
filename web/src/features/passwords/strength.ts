/**
 * Password strength while typing (spec bands Excellent 90, Strong 70, OK 50, Weak 0), estimated by
 * zxcvbn-ts with its common-password and keyboard-pattern dictionaries. The estimator and its
 * dictionaries load on first use, in their own chunk, so only the password pages pay for them.
 */
import { PASSWORD_STRENGTH_BANDS } from '@gatehouse/common/policy';

export type Estimate = (password: string, userInputs: string[]) => number;

let estimator: Promise<Estimate> | undefined;

export function loadEstimator(): Promise<Estimate> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    const zxcvbn = new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
    return (password, userInputs) => zxcvbn.check(password, userInputs).guessesLog10;
  });
  return estimator;
}

/** Log10 of the guesses an attacker needs, as 0-100: 10^14 guesses (months of offline cracking) or more is 100. */
export function strengthScore(guessesLog10: number): number {
  return Math.max(0, Math.min(100, Math.round((guessesLog10 / 14) * 100)));
}

export function strengthBand(score: number): (typeof PASSWORD_STRENGTH_BANDS)[number] {
  return PASSWORD_STRENGTH_BANDS.find((band) => score >= band.min) ?? PASSWORD_STRENGTH_BANDS[PASSWORD_STRENGTH_BANDS.length - 1]!;
}
