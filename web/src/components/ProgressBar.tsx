import { useId } from 'react';

interface ProgressBarProps {
  label: string;
  /** Done so far, of `total`. */
  value: number;
  total: number;
  /** How far it is, in words ("120 of 400 rows"). */
  valueText: string;
}

/** A labelled bar of work under way, announced to assistive technology as a progress bar. */
export function ProgressBar({ label, value, total, valueText }: ProgressBarProps) {
  const id = useId();
  const percent = total > 0 ? Math.round((Math.max(0, Math.min(value, total)) / total) * 100) : 0;
  return (
    <div className="meter meter-high progress-bar">
      <div className="meter-heading">
        <span id={`${id}-label`} className="meter-label">
          {label}
        </span>
        <span className="meter-value" aria-hidden="true">
          {valueText}
        </span>
      </div>
      <div
        role="progressbar"
        className="meter-track"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
      >
        <div className="meter-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
