import { MESSAGES } from '@gatehouse/common/messages';
import { type DragEvent, useId, useRef, useState } from 'react';

interface ImageFieldProps {
  label: string;
  hint?: string | undefined;
  /** The file input's accept list, e.g. "image/png,image/jpeg". */
  accept: string;
  /** The image shown now: the saved one, a newly chosen one (a data URL), or none. */
  src: string | null;
  /** A short line on the state of the field, e.g. that a new image is waiting to be saved. */
  status: string;
  error?: string | undefined;
  removeLabel: string;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * An image upload with its current picture, a file chooser and a remove button. An image file may also
 * be dropped anywhere on the field (the chooser stays the keyboard's and screen reader's way in); a
 * dropped file goes through the same checks as a chosen one.
 */
export function ImageField({ label, hint, accept, src, status, error, removeLabel, onChoose, onRemove }: ImageFieldProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const describedBy = [hint ? `${inputId}-hint` : null, `${inputId}-status`, error ? `${inputId}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field image-field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <p id={`${inputId}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <div
        className={`image-field-body${dragging ? ' image-field-dragging' : ''}`}
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setDragging(false);
          const file = event.dataTransfer.files[0];
          if (file) onChoose(file);
        }}
      >
        <div className="image-field-thumb">{src && <img src={src} alt="" />}</div>
        <div className="image-field-controls">
          <p id={`${inputId}-status`} className="image-field-status">
            {status} <span className="image-field-drop-hint">{MESSAGES.imageDropHint}</span>
          </p>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={accept}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Clear the input so that choosing the same file again still counts as a choice.
              event.target.value = '';
              if (file) onChoose(file);
            }}
          />
          {src && (
            <button type="button" className="button button-secondary" onClick={onRemove}>
              {removeLabel}
            </button>
          )}
        </div>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
