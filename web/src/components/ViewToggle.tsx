import './data-view.css';

export type View = 'list' | 'grid';

/** The LIST/GRID toggle of the spec's tables (section 2, Layout): two pressed-state buttons. */
export function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  return (
    <div className="toggle-group" role="group" aria-label="View">
      <button type="button" className="button button-secondary" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        List
      </button>
      <button type="button" className="button button-secondary" aria-pressed={view === 'grid'} onClick={() => onChange('grid')}>
        Grid
      </button>
    </div>
  );
}
