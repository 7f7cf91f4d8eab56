import { ORGANISATION_MESSAGES } from '@gatehouse/common/organisation-messages';
import { PASSWORD_STRENGTH_BANDS } from '@gatehouse/common/policy';

import { Meter } from '../../components/Meter.tsx';

/** The security strength rating of the settings, as a percentage with the spec's strength band. */
export function StrengthBar({ score, unsaved }: { score: number; unsaved: boolean }) {
  const band = PASSWORD_STRENGTH_BANDS.find((b) => score >= b.min)!;
  const tone = band.min >= 70 ? 'high' : band.min >= 50 ? 'medium' : 'low';
  return (
    <Meter
      label={ORGANISATION_MESSAGES.strength}
      value={score}
      valueText={`${score}% (${band.label})${unsaved ? `, ${ORGANISATION_MESSAGES.strengthUnsaved}` : ''}`}
      tone={tone}
      description={ORGANISATION_MESSAGES.strengthExplained}
    />
  );
}
