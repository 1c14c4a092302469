import multipart from '@fastify/multipart';
import { FACE_LIMITS } from '@presente/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';

/** Multipart for the face routes of this scope only: small JPEG/PNG parts, a bounded count. */
export async function registerFaceMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: FACE_LIMITS.maxImageBytes, files: FACE_LIMITS.maxFrames, fields: 20, fieldSize: 64 * 1024, parts: FACE_LIMITS.maxFrames + 20 },
  });
}

/**
 * Reads the text fields and the files of one field name (others are drained and ignored). A part over
 * the size limit or empty answers invalid_image naming it; a non-multipart body answers 400; a body cut
 * short or malformed answers 400 incomplete_upload. What the bytes really are is judged later, whatever
 * the declared Content-Type (image-check.ts).
 */
export async function readMultipart(req: FastifyRequest, fileField: string) {
  if (!req.isMultipart()) throw new AppError('validation_failed', 'validation.invalid', {}, [{ path: fileField, message: 'face.invalid_image' }]);
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const buffer = await part.toBuffer();
      if (part.fieldname !== fileField) continue;
      const index = files.length;
      // The declared type is not trusted: the bytes are judged before the pool (image-check.ts).
      if (part.file.truncated || buffer.length === 0) {
        throw new AppError('invalid_image', 'face.invalid_image', {}, [{ path: `${fileField}[${index}]`, message: 'face.invalid_image' }]);
      }
      files.push(buffer);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('invalid_image', 'face.invalid_image', {}, [{ path: fileField, message: 'face.invalid_image' }]);
    if (code.startsWith('FST_')) {
      // Too many parts: the kiosk's burst (decision 0063) or the enrolment's captures.
      if (fileField === 'frames')
        throw new AppError('captures_count', 'face.kioskBurstCount', {
          count: `> ${FACE_LIMITS.maxFrames}`,
          min: FACE_LIMITS.minFrames,
          max: FACE_LIMITS.maxFrames,
        });
      throw new AppError('captures_count', 'face.captures_count', { min: FACE_LIMITS.minCaptures, max: FACE_LIMITS.maxCaptures });
    }
    // Nothing but the body's parsing runs in the loop above: busboy's 'Unexpected end of form', a malformed
    // part header, a connection dropped mid-send are the client's body, not a 500 (decision 0028).
    req.log.info({ err: { code, message: (err as Error).message } }, 'multipart body refused');
    throw new AppError('incomplete_upload', 'error.incomplete_upload');
  }
  return { fields, files };
}
