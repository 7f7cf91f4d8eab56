import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { useEffect, useState } from 'react';

import { loadEstimator, strengthBand, strengthScore } from './strength.ts';

/** The strength of the password being typed: a meter and its band, announced politely. */
export function PasswordStrength({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const [estimate, setEstimate] = useState<{ password: string; score: number } | null>(null);
  const inputs = userInputs.join('\n');

  useEffect(() => {
    if (!password) return;
    let current = true;
    void loadEstimator().then((estimator) => {
      if (current) setEstimate({ password, score: strengthScore(estimator(password, inputs.split('\n').filter(Boolean))) });
    });
    return () => {
      current = false;
    };
  }, [password, inputs]);

  if (!password || !estimate) return null;
  const band = strengthBand(estimate.score);
  return (
    <div className={`password-strength password-strength-${band.label.toLowerCase()}`}>
      <meter min={0} max={100} low={50} high={70} optimum={100} value={estimate.score} aria-label={ACCOUNT_MESSAGES.passwordStrength} />
      <p aria-live="polite">
        {ACCOUNT_MESSAGES.passwordStrength}: <strong>{band.label}</strong>
      </p>
    </div>
  );
}
