/** How the API reference shows one operation, from the OpenAPI document's description of it. */
import type { ReactNode } from 'react';

import { useOverflowing } from '../../components/use-overflowing.ts';
import {
  allowedValues,
  anchorOf,
  codeParts,
  exampleAnswer,
  exampleRequest,
  fieldRows,
  type JsonSchema,
  type Listed,
  objectOf,
  typeName,
} from './openapi.ts';

/** Text whose Markdown inline code (`like this`) is shown as code. */
export function Prose({ text }: { text: string }) {
  return <>{codeParts(text).map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

/**
 * A table's box, which scrolls sideways when the table is wider (on a phone): then reachable from the
 * keyboard and named for screen readers after the table and its operation (landmarks' names must differ).
 */
function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const [ref, overflowing] = useOverflowing<HTMLDivElement>(label);
  return (
    <div ref={ref} className="api-table-wrap" {...(overflowing ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}

/** How many fields a body or answer may have and still be shown unfolded (they are what make a section long). */
const FOLDED_FROM = 6;

/** A schema's fields as a table (nested objects expanded under their field): name, type, whether it is required, allowed values. */
function SchemaTable({
  schema,
  caption,
  call,
  folded = false,
}: {
  schema: JsonSchema;
  caption: string;
  call: string;
  /** Behind a summary that says how many fields there are, when there are more than a few. */
  folded?: boolean;
}) {
  const target = objectOf(schema);
  if (!target) return <p>{`${caption}: ${typeName(schema)}`}</p>;
  const rows = fieldRows(target);
  const table = (
    <TableScroll label={`${caption}: ${call}`}>
      <table className="data-table api-table">
        <caption>
          {target === schema ? caption : `${caption} (${schema.type === 'array' ? 'an array of these' : typeName(schema)})`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ name, schema: field, required, depth }) => (
            <tr key={name}>
              <th scope="row" className={depth > 0 ? `api-nested api-depth-${Math.min(depth, 5)}` : undefined}>
                <code>{name}</code>
              </th>
              <td>
                {typeName(field)}
                <Values schema={field} />
                {field.description && (
                  <div className="api-values">
                    <Prose text={field.description} />
                  </div>
                )}
              </td>
              <td>{required ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
  if (!folded || rows.length <= FOLDED_FROM) return table;
  return (
    <details className="api-fields">
      <summary>{`${caption}: ${rows.length} fields`}</summary>
      {table}
    </details>
  );
}

/** An example call and its answer, as generated from the schemas with the document. */
function Examples({ entry }: { entry: Listed }) {
  const request = exampleRequest(entry);
  const answer = exampleAnswer(entry);
  const call = `${entry.method} ${entry.path}`;
  const requestText = [
    request.line,
    ...(request.contentType ? [`Content-Type: ${request.contentType}`] : []),
    ...(request.body ? ['', request.body] : []),
  ].join('\n');
  // Scrollable, so focusable, and named after the operation (landmarks' names must differ).
  return (
    <div className="api-examples">
      <h4>Example request</h4>
      <pre className="api-example" tabIndex={0} role="region" aria-label={`Example request: ${call}`}>
        <code>{requestText}</code>
      </pre>
      <h4>Example answer</h4>
      <pre className="api-example" tabIndex={0} role="region" aria-label={`Example answer: ${call}`}>
        <code>{answer.body ? `${answer.status}\n\n${answer.body}` : answer.status}</code>
      </pre>
    </div>
  );
}

function Values({ schema }: { schema: JsonSchema }) {
  const values = allowedValues(schema);
  if (!values) return null;
  const list = values.map(String).join(', ');
  if (values.length <= 6) return <div className="api-values">one of: {list}</div>;
  return (
    <details className="api-values">
      <summary>{`${values.length} allowed values`}</summary>
      {list}
    </details>
  );
}

/** One operation: what it does, who may call it, its parameters, body, answers and an example. */
export function OperationView({ entry }: { entry: Listed }) {
  const { method, path, operation } = entry;
  const call = `${method} ${path}`;
  const body = operation.requestBody && Object.entries(operation.requestBody.content)[0];
  return (
    <article className="api-operation" id={anchorOf(operation.operationId)} aria-labelledby={`${anchorOf(operation.operationId)}-title`}>
      <h3 id={`${anchorOf(operation.operationId)}-title`} className="api-operation-title">
        <span className={`api-method api-method-${method.toLowerCase()}`}>{method}</span> <code>{path}</code>
      </h3>
      <p>
        <Prose text={operation.summary} />
      </p>
      <p className="api-access">
        <Prose text={operation.description} />
      </p>
      {operation.parameters.length > 0 && (
        <TableScroll label={`Parameters: ${call}`}>
          <table className="data-table api-table">
            <caption>Parameters</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
                <th scope="col">Required</th>
              </tr>
            </thead>
            <tbody>
              {operation.parameters.map((p) => (
                <tr key={`${p.in}-${p.name}`}>
                  <th scope="row">
                    <code>{p.name}</code>
                  </th>
                  <td>{p.in}</td>
                  <td>
                    {typeName(p.schema)}
                    <Values schema={p.schema} />
                  </td>
                  <td>{p.required ? 'yes' : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {body && (
        <SchemaTable
          schema={body[1].schema}
          caption={`Body (${Object.keys(operation.requestBody!.content).join(' or ')})`}
          call={call}
          folded
        />
      )}
      <h4>Answers</h4>
      <ul className="api-answers">
        {Object.entries(operation.responses).map(([status, answer]) => {
          const json = answer.content?.['application/json']?.schema;
          const types = answer.content ? Object.keys(answer.content).join(', ') : null;
          return (
            <li key={status}>
              <strong>{status}</strong> {answer.description}
              {types && !json && <span>{` (${types})`}</span>}
              {json && !json.$ref && <SchemaTable schema={json} caption={`${status} answer`} call={call} folded />}
            </li>
          );
        })}
      </ul>
      <Examples entry={entry} />
    </article>
  );
}
