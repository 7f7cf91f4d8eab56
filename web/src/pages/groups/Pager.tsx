import { GROUP_MESSAGES as M } from '@gatehouse/common/groups';

import { Button } from '../../components/Button.tsx';

/** Previous and next page of a server-paged list, with where the list is. */
export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="groups-pager" aria-label={M.page(page, totalPages)}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {M.previous}
      </Button>
      <span aria-live="polite">{M.page(page, totalPages)}</span>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {M.next}
      </Button>
    </nav>
  );
}

/** A search field for a server-searched list. */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field groups-search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
