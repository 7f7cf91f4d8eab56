import { useId, useState } from 'react';

import './uri-list-field.css';

interface UriListFieldProps {
  label: string;
  /** Label of the entry box, e.g. 'Redirect URI'. */
  entryLabel: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  addLabel: string;
  removeLabel: (entry: string) => string;
  emptyText: string;
  hint?: string | undefined;
  /** A message for the list as a whole. */
  error?: string | undefined;
  /** Messages for single entries, by index. */
  entryErrors?: readonly (string | undefined)[] | undefined;
}

/**
 * A list of addresses: typed into a box and added with a button (or Enter), removed one by one. An entry
 * is added only when it holds a non-whitespace character, and only once (spec section 5).
 */
export function UriListField({
  label,
  entryLabel,
  value,
  onChange,
  addLabel,
  removeLabel,
  emptyText,
  hint,
  error,
  entryErrors,
}: UriListFieldProps) {
  const id = useId();
  const [entry, setEntry] = useState('');
  const add = () => {
    const trimmed = entry.trim();
    if (trimmed === '') return;
    if (!value.includes(trimmed)) onChange([...value, trimmed]);
    setEntry('');
  };
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`field uri-list${error ? ' field-invalid' : ''}`} aria-describedby={describedBy}>
      <legend>{label}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {value.length === 0 ? (
        <p className="uri-list-empty">{emptyText}</p>
      ) : (
        <ul className="uri-list-items">
          {value.map((uri, index) => (
            <li key={uri}>
              <code>{uri}</code>
              <button type="button" className="button button-link" onClick={() => onChange(value.filter((v) => v !== uri))}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{removeLabel(uri)}</span>
              </button>
              {entryErrors?.[index] && <p className="field-error">{entryErrors[index]}</p>}
            </li>
          ))}
        </ul>
      )}
      <div className="uri-list-entry">
        <label htmlFor={`${id}-entry`} className="visually-hidden">
          {entryLabel}
        </label>
        <input
          id={`${id}-entry`}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={entry}
          onChange={(event) => setEntry(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button-secondary" onClick={add}>
          {addLabel}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
