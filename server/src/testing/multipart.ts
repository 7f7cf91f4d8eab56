/** Builds a multipart/form-data body as a browser's FormData would send it, for the test client. */
export interface MultipartFile {
  name: string;
  filename: string;
  type: string;
  data: Buffer;
}

export async function multipartBody(
  fields: Record<string, string | number | boolean | readonly string[] | undefined>,
  files: MultipartFile[] = [],
): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) form.append(key, item);
    else form.append(key, String(value));
  }
  for (const file of files) form.append(file.name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}
