/**
 * The organisation images chosen on the settings page: each kind keeps its saved image, takes a new
 * file (read as a data URL for the preview, with the size and type checked before any upload), or is
 * removed. The server checks every upload again by its content.
 */
import { organisationImageUrl } from '@gatehouse/common/api/organisation';
import { ORGANISATION_IMAGES, type OrganisationImageKind } from '@gatehouse/common/organisation-images';
import { ORGANISATION_MESSAGES } from '@gatehouse/common/organisation-messages';
import { uploadMessages, UPLOADS } from '@gatehouse/common/policy';
import { type OrganisationAdminView } from '@gatehouse/common/schemas/organisation-settings';
import { useCallback, useMemo, useState } from 'react';

import type { FormValue } from '../../api/client.ts';

type Choice = { state: 'saved' } | { state: 'new'; file: File; dataUrl: string } | { state: 'removed' };
type Choices = Record<OrganisationImageKind, Choice>;

export const IMAGE_KINDS = Object.keys(ORGANISATION_IMAGES) as OrganisationImageKind[];
const SAVED: Choices = { logo: { state: 'saved' }, background: { state: 'saved' }, hero: { state: 'saved' }, favicon: { state: 'saved' } };
const ICO_TYPES = new Set(['image/x-icon', 'image/vnd.microsoft.icon']);

/** The input's accept list for each kind. */
export function acceptFor(kind: OrganisationImageKind): string {
  return kind === 'favicon' ? '.ico,image/x-icon,image/vnd.microsoft.icon' : UPLOADS[kind].types.join(',');
}

function typeAllowed(kind: OrganisationImageKind, file: File): boolean {
  if (kind === 'favicon') return ICO_TYPES.has(file.type) || file.name.toLowerCase().endsWith('.ico');
  return (UPLOADS[kind].types as readonly string[]).includes(file.type);
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function useImageChoices(saved: Pick<OrganisationAdminView, 'logoID' | 'backgroundImageID' | 'heroImageID' | 'favicon'>) {
  const [choices, setChoices] = useState<Choices>(SAVED);
  const [errors, setErrors] = useState<Partial<Record<OrganisationImageKind, string>>>({});

  const choose = useCallback(async (kind: OrganisationImageKind, file: File) => {
    const messages = uploadMessages(kind);
    const problem = file.size > UPLOADS[kind].maxBytes ? messages.tooLarge : typeAllowed(kind, file) ? null : messages.wrongType;
    setErrors((e) => ({ ...e, [kind]: problem ?? undefined }));
    if (problem) return;
    try {
      const dataUrl = await readAsDataUrl(file);
      setChoices((c) => ({ ...c, [kind]: { state: 'new', file, dataUrl } }));
    } catch {
      setErrors((e) => ({ ...e, [kind]: messages.wrongType }));
    }
  }, []);

  const remove = useCallback((kind: OrganisationImageKind) => {
    setChoices((c) => ({ ...c, [kind]: { state: 'removed' } }));
    setErrors((e) => ({ ...e, [kind]: undefined }));
  }, []);

  const reset = useCallback(() => {
    setChoices(SAVED);
    setErrors({});
  }, []);

  /** Server validation messages keyed by the form's file fields. */
  const applyServerErrors = useCallback((serverErrors: Record<string, { message: string }>) => {
    const next: Partial<Record<OrganisationImageKind, string>> = {};
    for (const kind of IMAGE_KINDS) {
      const message = serverErrors[ORGANISATION_IMAGES[kind].field]?.message;
      if (message) next[kind] = message;
    }
    setErrors(next);
  }, []);

  return useMemo(() => {
    const savedId = (kind: OrganisationImageKind) => saved[ORGANISATION_IMAGES[kind].idField];
    /** What the page shows for a kind: the new image, nothing once removed, else the saved one. */
    const src = (kind: OrganisationImageKind): string | null => {
      const choice = choices[kind];
      if (choice.state === 'new') return choice.dataUrl;
      const id = savedId(kind);
      return choice.state === 'saved' && id ? organisationImageUrl(kind, id) : null;
    };
    const status = (kind: OrganisationImageKind): string => {
      const state = choices[kind].state;
      if (state === 'new') return ORGANISATION_MESSAGES.imageSelected;
      if (state === 'removed' && savedId(kind)) return ORGANISATION_MESSAGES.imageRemoved;
      return src(kind) ? ORGANISATION_MESSAGES.imageCurrent : ORGANISATION_MESSAGES.imageNone;
    };
    /** The form fields of the choices: new files, and delete flags for removed saved images. */
    const formFields = (): Record<string, FormValue> => {
      const fields: Record<string, FormValue> = {};
      for (const kind of IMAGE_KINDS) {
        const choice = choices[kind];
        const { field, deleteFlag } = ORGANISATION_IMAGES[kind];
        if (choice.state === 'new') fields[field] = choice.file;
        fields[deleteFlag] = choice.state === 'removed';
      }
      return fields;
    };
    const changed = IMAGE_KINDS.some((kind) => choices[kind].state !== 'saved');
    return { src, status, errors, changed, formFields, choose, remove, reset, applyServerErrors };
  }, [choices, errors, saved, choose, remove, reset, applyServerErrors]);
}
