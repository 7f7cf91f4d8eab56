/**
 * The Scope's figures (docs/architecture.md, "Tenancy"): a store function takes the scoped store
 * (db/scoped.ts) bound to its organisation, never a database and an organisation id side by side; and
 * binding by hand, `scoped(db, id)`, is left to the few places that build a Scope or have none in reach.
 * Read from the syntax alone (the TypeScript parser, no type check), so the check runs in a second.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

/** Files that are the scope's own machinery, or are not code that runs queries. */
export const EXEMPT: readonly RegExp[] = [/\.test\.ts$/, /^testing\//, /^db\/migrations\//, /^db\/(prepared|scoped)\.ts$/, /^scope\//];

/** A parameter's type that is a database: the unscoped one, a transaction, or the scoped store. */
const DATABASE_TYPE = /\b(?:Executor|ScopedExecutor|ScopedTransaction|ChangeExecutor|Kysely<|Transaction<)/;
/** A parameter's name that is an organisation's id. */
const ORGANISATION_ID = /^(?:organisationId|orgId|organisation_id|tenantId)$/;

export interface Found {
  /** `file:line function`: a function taking a database and an organisation id. */
  organisationParameters: string[];
  /** `file:line function`: a function taking the application context and an organisation id (a service's door; reported, not held). */
  contextParameters: string[];
  /** Calls of `scoped(db, id)` per file (relative to server/src), zero counts left out. */
  handBindings: Record<string, number>;
}

function nameOf(node: ts.SignatureDeclaration, sf: ts.SourceFile): string {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(sf);
  return '(anonymous)';
}

/** What one file holds, by the rules above. */
export function scanFile(
  file: string,
  text: string,
): { organisationParameters: string[]; contextParameters: string[]; handBindings: number } {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const organisationParameters: string[] = [];
  const contextParameters: string[] = [];
  let handBindings = 0;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) {
      const parameters = node.parameters;
      const database = parameters.some((p) => p.type !== undefined && DATABASE_TYPE.test(p.type.getText(sf)));
      const organisation = parameters.some((p) => ts.isIdentifier(p.name) && ORGANISATION_ID.test(p.name.text));
      const context = parameters.some((p) => p.type !== undefined && p.type.getText(sf) === 'AppContext');
      const where = () => `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} ${nameOf(node, sf)}`;
      if (database && organisation) organisationParameters.push(where());
      else if (context && organisation) contextParameters.push(where());
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'scoped') handBindings++;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { organisationParameters, contextParameters, handBindings };
}

/** Every file of server/src outside `EXEMPT`. */
export function scan(serverSrc: string): Found {
  const found: Found = { organisationParameters: [], contextParameters: [], handBindings: {} };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const file = path.relative(serverSrc, full).split(path.sep).join('/');
        if (EXEMPT.some((pattern) => pattern.test(file))) continue;
        const { organisationParameters, contextParameters, handBindings } = scanFile(file, readFileSync(full, 'utf8'));
        found.organisationParameters.push(...organisationParameters);
        found.contextParameters.push(...contextParameters);
        if (handBindings > 0) found.handBindings[file] = handBindings;
      }
    }
  };
  walk(serverSrc);
  return found;
}
