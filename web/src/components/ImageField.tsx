import { useEffect, useId, useMemo } from 'react';

interface ImageFieldProps {
  label: string;
  /** The current image's address, or null when there is none. */
  currentSrc: string | null;
  accept: string;
  hint?: string | undefined;
  error?: string | undefined;
  file: File | null;
  onFileChange: (file: File | null) => void;
  deleteLabel: string;
  deleting: boolean;
  onDeletingChange: (deleting: boolean) => void;
}

/** An image upload with a preview of the current or chosen image and a delete tick for the current one. */
export function ImageField({
  label,
  currentSrc,
  accept,
  hint,
  error,
  file,
  onFileChange,
  deleteLabel,
  deleting,
  onDeletingChange,
}: ImageFieldProps) {
  const id = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = file ? preview : deleting ? null : currentSrc;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field image-field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {shown && <img className="image-field-preview" src={shown} alt="" />}
      <input
        id={id}
        type="file"
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
      />
      {currentSrc && !file && (
        <div className="field-checkbox">
          <input id={`${id}-delete`} type="checkbox" checked={deleting} onChange={(event) => onDeletingChange(event.target.checked)} />
          <label htmlFor={`${id}-delete`}>{deleteLabel}</label>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
