/**
 * What a wait looks like. Content on its way (no label): a skeleton of grey lines in the space it will
 * take, so the page does not jump or stand blank. An action under way (a label such as 'Redirecting'):
 * a spinner with the label. Either way screen readers hear what is happening.
 */
export function Loader({ label }: { label?: string }) {
  if (label === undefined) {
    return (
      <div className="skeleton" role="status">
        <span className="visually-hidden">Loading</span>
        <span className="skeleton-line" aria-hidden="true" />
        <span className="skeleton-line" aria-hidden="true" />
        <span className="skeleton-line skeleton-line-short" aria-hidden="true" />
      </div>
    );
  }
  return (
    <div className="loader" role="status">
      <span className="loader-spinner" aria-hidden="true" />
      <span className="loader-label">{label}</span>
    </div>
  );
}
