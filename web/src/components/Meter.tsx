import { useId } from 'react';

interface MeterProps {
  label: string;
  /** 0 to 100. */
  value: number;
  /** How the value reads, e.g. "90% (Excellent)". */
  valueText: string;
  tone: 'low' | 'medium' | 'high';
  description?: string | undefined;
}

/** A labelled bar showing a percentage, announced to assistive technology as a meter. */
export function Meter({ label, value, valueText, tone, description }: MeterProps) {
  const id = useId();
  const percent = Math.max(0, Math.min(100, value));
  return (
    <div className={`meter meter-${tone}`}>
      <div className="meter-heading">
        <span id={`${id}-label`} className="meter-label">
          {label}
        </span>
        <span className="meter-value" aria-hidden="true">
          {valueText}
        </span>
      </div>
      <div
        role="meter"
        className="meter-track"
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
      >
        <div className="meter-fill" style={{ width: `${percent}%` }} />
      </div>
      {description && (
        <p id={`${id}-description`} className="field-hint">
          {description}
        </p>
      )}
    </div>
  );
}
