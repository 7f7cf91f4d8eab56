/**
 * Validating SAML documents against the OASIS schemas with xmllint (Debian's libxml2-utils), offline:
 * a catalog maps the W3C schema addresses the SAML schemas import to the copies Debian ships
 * (scripts/test-environment.ts finds them; .ci/run installs them).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { SAML_SCHEMA_FILES } from '../../../scripts/test-environment.ts';

export { SAML_SCHEMA_FILES };

const CATALOG = `<?xml version="1.0"?>
<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">
  <system systemId="http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd" uri="file://${SAML_SCHEMA_FILES.xmldsig}"/>
  <system systemId="http://www.w3.org/TR/2002/REC-xmlenc-core-20021210/xenc-schema.xsd" uri="file://${SAML_SCHEMA_FILES.xenc}"/>
  <system systemId="http://www.w3.org/2001/xml.xsd" uri="file://${SAML_SCHEMA_FILES.xml}"/>
</catalog>
`;

/** The schema's complaints about `xml` (empty when it validates); `schema` is a file of Debian's opensaml-schemas. */
export function xsdProblems(xmllint: string, xml: string, schema: string = SAML_SCHEMA_FILES.metadata): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-xsd-'));
  const catalog = path.join(dir, 'catalog.xml');
  const document = path.join(dir, 'document.xml');
  writeFileSync(catalog, CATALOG);
  writeFileSync(document, xml);
  return new Promise((resolve) => {
    execFile(
      xmllint,
      ['--nonet', '--noout', '--schema', schema, document],
      { env: { ...process.env, XML_CATALOG_FILES: catalog } },
      (error, _stdout, stderr) => {
        // A schema's import warnings ("skipping import ... already imported") are not the document's problems.
        const problems = stderr.split('\n').filter((line) => line.startsWith(document) && !line.endsWith('validates'));
        resolve(error && problems.length === 0 ? [stderr.trim()] : problems);
      },
    );
  });
}
