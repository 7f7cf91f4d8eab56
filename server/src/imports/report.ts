/** What an import job reports: its status and counts, the first refused rows, and all of them as CSV. */
import { IMPORT_LIMITS, type ImportJob } from '@gatehouse/common/schemas/imports';

import type { ImportJobRow } from '../db/schema.ts';
import type { ScopedExecutor } from '../db/scoped.ts';
import { AppError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import { findImportJob, listRefusals } from './store.ts';

/** The job as the API and the screen show it. */
export async function importJobView(db: ScopedExecutor, job: ImportJobRow): Promise<ImportJob> {
  const refused = await listRefusals(db, job.id, IMPORT_LIMITS.refusedListed);
  return {
    id: job.id,
    format: job.format,
    dryRun: Boolean(job.dry_run),
    status: job.status,
    processed: Number(job.created_count) + Number(job.updated_count) + Number(job.refused_count),
    created: Number(job.created_count),
    updated: Number(job.updated_count),
    refusedCount: Number(job.refused_count),
    refused: refused.map((r) => ({ row: Number(r.row), email: r.email, reason: r.reason })),
    notCarried: JSON.parse(job.not_carried) as Record<string, number>,
    error: job.error,
    createdAt: new Date(Number(job.created_at)).toISOString(),
    finishedAt: job.finished_at === null ? null : new Date(Number(job.finished_at)).toISOString(),
  };
}

export async function getImport(scope: Scope, id: string): Promise<ImportJob> {
  const job = await findImportJob(scope.db, id);
  if (!job) throw new AppError('NOT_FOUND');
  return importJobView(scope.db, job);
}

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // A cell a spreadsheet would run as a formula is quoted as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The refused rows as CSV: row, email, reason, then the row's own columns. */
export async function refusedRowsCsv(scope: Scope, id: string): Promise<string> {
  if (!(await findImportJob(scope.db, id))) throw new AppError('NOT_FOUND');
  const rows = await listRefusals(scope.db, id);
  const data = rows.map((r) => JSON.parse(r.data) as Record<string, unknown>);
  const columns = [...new Set(data.flatMap((d) => Object.keys(d)))];
  const lines = [['row', 'email', 'reason', ...columns].map(csvCell).join(',')];
  rows.forEach((r, n) => lines.push([r.row, r.email, r.reason, ...columns.map((c) => data[n]![c])].map(csvCell).join(',')));
  return lines.join('\r\n') + '\r\n';
}
