import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Text shown after the input, such as a host name's suffix; read out with the field. */
  suffix?: string | undefined;
  /** A control joined to the input's end, such as a password field's Show button. */
  action?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function TextField({ label, error, hint, suffix, action, id, ref, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const suffixId = `${inputId}-suffix`;
  const describedBy = [suffix ? suffixId : null, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const input = <input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {suffix || action ? (
        <div className="field-affix">
          {input}
          {suffix && (
            <span id={suffixId} className="field-suffix">
              {suffix}
            </span>
          )}
          {action}
        </div>
      ) : (
        input
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
