import { type LegalDocument, PUBLIC_PAGE_MESSAGES } from '@gatehouse/common/legal-texts';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

import { LinkedText } from '../../components/LinkedText.tsx';
import { useScrollToSection } from './use-custom-page.ts';

import './public-pages.css';

/** A policy page: title, introduction, contents, and sections each reachable by its fragment (#cookies). */
export function LegalDocumentView({ document, children }: { document: LegalDocument; children?: ReactNode }) {
  const { hash } = useLocation();
  useScrollToSection(decodeURIComponent(hash.slice(1)) || undefined, true);
  return (
    <article className="public-document">
      <h1>{document.title}</h1>
      <p className="lead">{document.intro}</p>
      {children}
      <nav aria-label={PUBLIC_PAGE_MESSAGES.contents}>
        <ul className="document-contents">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ul>
      </nav>
      {document.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>{section.heading}</h2>
          {section.content.map((block, i) =>
            typeof block === 'string' ? (
              <LinkedText key={i} text={block} />
            ) : (
              <ul key={i}>
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </article>
  );
}
