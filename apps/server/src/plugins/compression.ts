import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers compressed for clients that accept it (every browser): Brotli, else gzip, for compressible types over
 * 1 KiB; the web app's files are compressed once at build time instead (plugins/web.ts). A month of a
 * 1,000-employee calendar (an export) is ~9 MB of JSON: ~0.8 MB as Brotli, seconds less on a mobile connection,
 * for tens of ms of CPU (bench/README.md; docs/decisions/0017-compression.md).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4: most of Brotli's gain on JSON at a small part of its top quality's CPU (measured in the decision).
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
