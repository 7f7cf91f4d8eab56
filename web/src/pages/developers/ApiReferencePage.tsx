import { referenceApi } from '@gatehouse/common/api/reference';
import { matchRoute, routePath } from '@gatehouse/common/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

import { api } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { Loader } from '../../components/Loader.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { anchorOf, type OpenApiDocument, type ReferenceSection, referenceSections } from './openapi.ts';
import { OperationView, Prose } from './OperationView.tsx';

import './api-reference.css';

const TITLE = 'API reference';

function useOpenApiDocument() {
  return useQuery({
    queryKey: ['openapi'],
    queryFn: () => api<OpenApiDocument>(referenceApi.openapi.path),
    staleTime: 5 * 60_000,
  });
}

const sectionPath = (section: ReferenceSection, operationId?: string) =>
  routePath('apiReferenceSection', { section: section.slug }) + (operationId ? `#${anchorOf(operationId)}` : '');

/** The way to every section, the one shown marked as the current page. */
function SectionLinks({ sections, current }: { sections: readonly ReferenceSection[]; current?: ReferenceSection }) {
  return (
    <nav className="section-nav" aria-label="API sections">
      <ul>
        <li>
          <Link to={routePath('apiReference')}>Overview</Link>
        </li>
        {sections.map((section) => (
          <li key={section.slug}>
            <Link to={sectionPath(section)} aria-current={section === current ? 'page' : undefined}>
              {section.tag}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /developers/api: what the API is and how it answers, with the way to each section (one per tag) and to
 * each operation in it. The operations themselves are on the sections' pages, so no page is the whole API.
 */
export function ApiReferencePage() {
  usePageTitle(TITLE);
  const doc = useOpenApiDocument();
  if (doc.isPending) return <Loader />;
  if (doc.isError) return <Alert kind="error">{doc.error.message}</Alert>;
  const sections = referenceSections(doc.data);
  return (
    <div className="api-reference">
      <h1>{TITLE}</h1>
      <SectionLinks sections={sections} />
      <Card>
        <p>
          <Prose text={doc.data.info.description} />
        </p>
        <dl className="facts">
          <dt>Server</dt>
          <dd>
            <code>{doc.data.servers[0]?.url}</code>
          </dd>
          <dt>OpenAPI document</dt>
          <dd>
            <a href={referenceApi.openapi.path}>
              <code>{referenceApi.openapi.path}</code>
            </a>
          </dd>
          <dt>Errors</dt>
          <dd>
            Every refused call answers JSON with <code>statusCode</code>, <code>code</code>, <code>message</code>,{' '}
            <code>correlationId</code> and <code>validation.errors</code> (messages by field).
          </dd>
        </dl>
      </Card>
      <Card title="All operations">
        <nav aria-label="Operations">
          <ul className="api-toc">
            {sections.map((section) => (
              <li key={section.slug}>
                <Link to={sectionPath(section)}>{section.tag}</Link>
                <ul>
                  {section.entries.map(({ method, path, operation }) => (
                    <li key={operation.operationId}>
                      <Link to={sectionPath(section, operation.operationId)}>
                        <code>{`${method} ${path}`}</code>
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
      </Card>
    </div>
  );
}

/** /developers/api/{section}: the operations of one tag, with the way to the other sections. */
export function ApiReferenceSectionPage() {
  const { pathname, hash, key } = useLocation();
  const slug = matchRoute(pathname)?.params.section ?? '';
  const doc = useOpenApiDocument();
  const sections = doc.data ? referenceSections(doc.data) : [];
  const section = sections.find((s) => s.slug === slug);
  usePageTitle(section ? `${section.tag} - ${TITLE}` : TITLE);
  // An operation named in the address is scrolled to and focused once it is on the page (the router
  // does not do what the browser does for a fragment on a page load).
  useEffect(() => {
    const target = hash && section ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, key, section]);
  if (doc.isPending) return <Loader />;
  if (doc.isError) return <Alert kind="error">{doc.error.message}</Alert>;
  return (
    <div className="api-reference">
      <h1>{TITLE}</h1>
      <SectionLinks sections={sections} current={section} />
      {section ? (
        <Card title={section.tag}>
          {section.entries.map((entry) => (
            <OperationView key={entry.operation.operationId} entry={entry} />
          ))}
        </Card>
      ) : (
        <Alert kind="error">There is no section of the API reference at this address.</Alert>
      )}
    </div>
  );
}
