import { type ReactNode, useId, useState } from 'react';

import { type View, ViewToggle } from './ViewToggle.tsx';

import './data-view.css';

export interface DataColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

interface DataViewProps<T> {
  items: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey: (item: T) => string;
  /** The table's caption (also the grid's name). */
  caption: string;
  filterLabel: string;
  /** The text an item is found by. */
  filterText: (item: T) => string;
  noMatchText: string;
  /** One item as a tile of the grid view. */
  tile: (item: T) => ReactNode;
}

/** A table with a filter box and a LIST/GRID toggle (spec section 2, Layout). */
export function DataView<T>({ items, columns, rowKey, caption, filterLabel, filterText, noMatchText, tile }: DataViewProps<T>) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const [view, setView] = useState<View>('list');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? items.filter((item) => filterText(item).toLowerCase().includes(needle)) : items;
  return (
    <div className="data-view">
      <div className="data-view-toolbar">
        <div className="field">
          <label htmlFor={`${id}-filter`}>{filterLabel}</label>
          <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </div>
        <ViewToggle view={view} onChange={setView} />
      </div>
      {shown.length === 0 ? (
        <p role="status">{noMatchText}</p>
      ) : view === 'list' ? (
        <table className="data-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((item) => (
              <tr key={rowKey(item)}>
                {columns.map((column) => (
                  <td key={column.header} data-label={column.header}>
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="data-grid" aria-label={caption}>
          {shown.map((item) => (
            <li key={rowKey(item)}>{tile(item)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
