import type { MouseEvent } from 'react';

export interface PageSection {
  id: string;
  label: string;
}

/**
 * An in-page table of contents for a long page in sections (cards with headings): each link scrolls to
 * its section and moves focus there, so keyboard and screen reader users continue from it. The URL is
 * left as it is (the router owns it).
 */
export function SectionNav({ label, sections }: { label: string; sections: readonly PageSection[] }) {
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  };
  return (
    <nav className="section-nav" aria-label={label}>
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} onClick={(event) => go(event, section.id)}>
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
