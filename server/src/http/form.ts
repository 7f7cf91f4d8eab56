/**
 * Reads a request's form: form-encoded and JSON bodies as Fastify parsed them, or multipart with its
 * fields and files (each file buffered up to the multipart limit, so no upload is read unbounded).
 */
import type { FastifyRequest } from 'fastify';

import { AppError } from './errors.ts';
import { containsNul, NUL_REFUSED } from './input-hygiene.ts';

export interface UploadedFile {
  filename: string;
  /** The type the browser claimed: never trusted, the content is checked instead. */
  declaredType: string;
  data: Buffer;
}

export interface ReadForm {
  fields: Record<string, string | string[]>;
  files: Record<string, UploadedFile>;
}

/** `fileBytes` raises the largest file above the server's usual multipart limit, for this request only. */
export async function readForm(request: FastifyRequest, fileBytes?: number): Promise<ReadForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, string | string[]>) : {}, files: {} };
  }
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  const files: Record<string, UploadedFile> = Object.create(null) as Record<string, UploadedFile>;
  try {
    for await (const part of request.parts(fileBytes === undefined ? undefined : { limits: { fileSize: fileBytes } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0) files[part.fieldname] = { filename: part.filename, declaredType: part.mimetype, data };
      } else {
        const value = String(part.value);
        const existing = fields[part.fieldname];
        fields[part.fieldname] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
    }
    if (containsNul(fields)) throw new AppError('BAD_REQUEST', { message: NUL_REFUSED });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Limits carry their own status (413); a body that is not multipart at all is the client's error, not ours.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError('BAD_REQUEST', { message: 'The form could not be read' });
  }
  return { fields, files };
}
