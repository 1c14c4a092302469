import type { FastifyInstance } from 'fastify';

/** A multipart body for app.inject, built by the platform's own FormData encoder. */
export async function multipart(fields: Record<string, string>, files: { field: string; images: Buffer[]; type?: string }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const { field, images, type = 'image/jpeg' } of files)
    for (const [i, img] of images.entries()) form.append(field, new Blob([new Uint8Array(img)], { type }), `${field}-${i}.jpg`);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** POSTs a multipart body through app.inject, as `user` (a session) or anonymously. */
export async function postMultipart(
  t: { app: FastifyInstance },
  url: string,
  user: { sessionToken: string } | null,
  fields: Record<string, string>,
  files: { field: string; images: Buffer[] }[] = [],
  headers: Record<string, string> = {},
) {
  const body = await multipart(fields, files);
  const cookie = user ? { cookie: `presente_session=${user.sessionToken}` } : {};
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...cookie, ...headers } });
}
