import { importsApi } from '@gatehouse/common/api/imports';
import { IMPORT_SCREEN_MESSAGES as M } from '@gatehouse/common/import-messages';
import { type FilePreview, previewRecords } from '@gatehouse/common/import-records';
import { ROUTES } from '@gatehouse/common/routes';
import {
  IMPORT_FIELDS,
  IMPORT_FORMATS,
  IMPORT_LIMITS,
  type ImportField,
  type ImportFormat,
  importMapping,
} from '@gatehouse/common/schemas/imports';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';

import { call } from '../../api/client.ts';
import { useImportJob } from '../../api/import-queries.ts';
import { userKeys } from '../../api/user-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { Select } from '../../components/Select.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { CheckReport, RunReport } from './ImportReport.tsx';

import '../../features/applications/applications.css';
import '../../features/users/users.css';

const MB = IMPORT_LIMITS.fileBytes / 1024 / 1024;
/** The start of a file the preview reads: enough for its first rows, never the whole of a large file. */
const PREVIEW_BYTES = 256 * 1024;
const PREVIEW_ROWS = 5;

type Mapping = Record<ImportField, string>;
interface ImportForm {
  format: ImportFormat;
  mapping: Mapping;
}

const mapsColumns = (format: ImportFormat): format is 'csv' | 'jsonl' => format === 'csv' || format === 'jsonl';

/** Built per render so that the message is the active language's. */
const importFormSchema = () =>
  z
    .object({ format: z.enum(IMPORT_FORMATS), mapping: z.record(z.enum(IMPORT_FIELDS), z.string()) })
    .refine((form) => !mapsColumns(form.format) || form.mapping.email !== '', { path: ['mapping', 'email'], error: M.emailUnmapped });

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each field's column: the one of the same name, ignoring case and separators (`first_name` is `firstName`). */
function guessMapping(columns: readonly string[]): Mapping {
  return Object.fromEntries(IMPORT_FIELDS.map((field) => [field, columns.find((c) => squash(c) === squash(field)) ?? ''])) as Mapping;
}

/** The format a file most likely is, from its name and its first characters. */
function guessFormat(name: string, start: string): ImportFormat {
  if (/\.csv$/i.test(name)) return 'csv';
  const firstLine = start.slice(0, start.indexOf('\n') === -1 ? start.length : start.indexOf('\n')).trim();
  try {
    const first = JSON.parse(firstLine) as Record<string, unknown>;
    if ('realm' in first) return 'keycloak';
    return 'user_id' in first || '_id' in first ? 'auth0' : 'jsonl';
  } catch {
    // Not one object a line: a realm export is one JSON document over many lines.
    return firstLine.startsWith('{') ? 'keycloak' : 'csv';
  }
}

/** The mapping as the API takes it: only the fields given a column. */
const mappingToSend = (mapping: Mapping) =>
  importMapping.parse(Object.fromEntries(Object.entries(mapping).filter(([, column]) => column !== '')));

interface Chosen {
  file: File;
  /** The first bytes as text, read once, for the preview of either text format. */
  start: string;
  /** Whether `start` ends before the file does. */
  cut: boolean;
}

/**
 * /users/import: people moved in from a file. The file is chosen and read in the browser for a preview
 * of its first rows with the column mapping; "Check the file" sends it as a dry run and reports every
 * row the import would refuse and why; "Import" sends it again for the run, whose progress is polled.
 * Changing the file, the format or a column asks for a new check before importing.
 */
export function ImportPeoplePage() {
  usePageTitle(ROUTES.importUsers.title);
  const fileId = useId();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ id: string; signature: string } | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const form = useForm<ImportForm>({
    resolver: zodResolver(importFormSchema()),
    defaultValues: { format: 'csv', mapping: guessMapping([]) },
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, ['format']);
  const values = useWatch({ control: form.control }) as ImportForm;
  const format = values.format;
  const preview = useMemo<FilePreview | null>(
    () => (chosen && mapsColumns(format) ? previewRecords(format, chosen.start, PREVIEW_ROWS, chosen.cut) : null),
    [chosen, format],
  );
  // What a check was made of: a check of another file, format or mapping does not count.
  const signature = chosen ? JSON.stringify([chosen.file.name, chosen.file.size, chosen.file.lastModified, values]) : '';
  const checkJob = useImportJob(checked && checked.signature === signature ? checked.id : null);
  const runJob = useImportJob(runId);

  const start = useMutation({
    mutationFn: ({ values, dryRun }: { values: ImportForm; dryRun: boolean }) =>
      call(importsApi.start, {
        body: { format: values.format, dryRun, mapping: JSON.stringify(mapsColumns(values.format) ? mappingToSend(values.mapping) : {}) },
        files: { file: chosen!.file },
      }),
    onSuccess: (job, { dryRun }) => {
      if (dryRun) setChecked({ id: job.id, signature });
      else setRunId(job.id);
    },
    // A refused run (the user limit) is told beside its button; a refused check at the form.
    onError: (error, { dryRun }) => (dryRun ? applyServerError(error) : setRunError(error.message)),
  });
  const send = (values: ImportForm, dryRun: boolean) => {
    setFormError(null);
    setRunError(null);
    if (!chosen) {
      setFileError(M.fileRequired);
      return;
    }
    start.mutate({ values, dryRun });
  };
  const check = useFormSubmit(form, (values) => send(values, true));

  const choose = async (file: File | undefined) => {
    setRunId(null);
    setFormError(null);
    if (!file) return setChosen(null);
    if (file.size > IMPORT_LIMITS.fileBytes) {
      setChosen(null);
      return setFileError(M.fileTooLarge(MB));
    }
    setFileError(null);
    const text = await file.slice(0, PREVIEW_BYTES).text();
    const guessed = guessFormat(file.name, text);
    const cut = file.size > PREVIEW_BYTES;
    const columns = mapsColumns(guessed) ? previewRecords(guessed, text, PREVIEW_ROWS, cut).columns : [];
    form.reset({ format: guessed, mapping: guessMapping(columns) });
    setChosen({ file, start: text, cut });
  };

  const checkedJob = checkJob.data;
  const running = runJob.data;
  const finished = running?.status === 'finished';
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: userKeys.all });
  }, [finished, queryClient]);

  if (runId) {
    return (
      <>
        <h1>{M.heading}</h1>
        <Card>
          {running === undefined || running.status === 'queued' || running.status === 'running' ? (
            <ProgressBar
              label={M.importing}
              value={running?.processed ?? 0}
              total={checkedJob?.processed ?? 0}
              valueText={M.progress(running?.processed ?? 0, checkedJob?.processed ?? 0)}
            />
          ) : (
            <RunReport job={running} />
          )}
          {runJob.isError && <Alert kind="error">{M.statusFailed}</Alert>}
          {(running?.status === 'finished' || running?.status === 'failed') && (
            <div className="actions">
              <Link className="button button-secondary" to={ROUTES.users.path}>
                {ROUTES.users.title}
              </Link>
              <Button
                variant="secondary"
                onClick={() => {
                  setRunId(null);
                  setChecked(null);
                  setChosen(null);
                  form.reset({ format: 'csv', mapping: guessMapping([]) });
                }}
              >
                {M.again}
              </Button>
            </div>
          )}
        </Card>
      </>
    );
  }

  const { errors } = form.formState;
  const columnOptions = [{ value: '', label: M.notInFile }, ...(preview?.columns ?? []).map((c) => ({ value: c, label: c }))];
  const mapped = IMPORT_FIELDS.filter((field) => values.mapping[field]);
  return (
    <>
      <h1>{M.heading}</h1>
      <p>{M.intro}</p>
      <Card className="application-form">
        {formError && (
          <Alert kind="error" scrollIntoView>
            {formError}
          </Alert>
        )}
        <Form onSubmit={check}>
          <div className={`field${fileError ? ' field-invalid' : ''}`}>
            <label htmlFor={fileId}>{M.fileLabel}</label>
            <p id={`${fileId}-hint`} className="field-hint">
              {M.fileHint(MB)}
            </p>
            <input
              id={fileId}
              type="file"
              accept=".csv,.json,.jsonl,.ndjson,text/csv,application/json"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={[`${fileId}-hint`, fileError ? `${fileId}-error` : null].filter(Boolean).join(' ')}
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            {fileError && (
              <p id={`${fileId}-error`} className="field-error">
                {fileError}
              </p>
            )}
          </div>
          <Select
            label={M.formatLabel}
            options={IMPORT_FORMATS.map((f) => ({ value: f, label: M.format(f) }))}
            error={errors.format?.message}
            {...form.register('format')}
          />
          {chosen && !mapsColumns(format) && <p>{M.exportNoMapping}</p>}
          {preview && (
            <fieldset className="import-mapping">
              <legend>{M.mappingHeading}</legend>
              <p className="field-hint">{M.mappingIntro}</p>
              <div className="import-mapping-fields">
                {IMPORT_FIELDS.map((field) => (
                  <Select
                    key={field}
                    label={M.field(field)}
                    options={columnOptions}
                    error={errors.mapping?.[field]?.message}
                    {...form.register(`mapping.${field}`)}
                  />
                ))}
              </div>
            </fieldset>
          )}
          {preview && preview.rows.length === 0 && <Alert kind="error">{M.noRows}</Alert>}
          {preview && preview.rows.length > 0 && mapped.length > 0 && (
            <>
              <h2 className="import-preview-heading">{M.previewHeading}</h2>
              <table className="data-table import-preview">
                <caption className="visually-hidden">{M.previewCaption}</caption>
                <thead>
                  <tr>
                    {mapped.map((field) => (
                      <th key={field} scope="col">
                        {M.field(field)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row, n) => (
                    <tr key={n}>
                      {mapped.map((field) => (
                        <td key={field} data-label={M.field(field)}>
                          {cellText(row[values.mapping[field]])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <div className="actions">
            <Button type="submit" variant={checkedJob ? 'secondary' : 'primary'} busy={start.isPending && start.variables.dryRun}>
              {M.check}
            </Button>
          </div>
        </Form>
        {checkJob.isError && <Alert kind="error">{M.statusFailed}</Alert>}
        {checkedJob && (
          <CheckReport job={checkedJob}>
            {runError && (
              <Alert kind="error" scrollIntoView>
                {runError}
              </Alert>
            )}
            <div className="actions">
              <Button busy={start.isPending && !start.variables.dryRun} onClick={() => send(form.getValues(), false)}>
                {M.run}
              </Button>
            </div>
          </CheckReport>
        )}
      </Card>
    </>
  );
}

const cellText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
