import fastifyStatic from '@fastify/static';
import { binaryAnswer, errorAnswers } from '@presente/shared';
import type { FastifyPluginAsync } from 'fastify';
import { paths } from '../../face/runtime.js';

/** What each model folder answers: bytes of the named file, or the usual error envelope (403 a path outside, 404 unknown). */
const answers = {
  '/face/models/human/': binaryAnswer("A file of Human's face models (JSON manifest or weights).", 'application/json', 'application/octet-stream'),
  '/face/models/wasm/': binaryAnswer('A tfjs WebAssembly binary.', 'application/wasm'),
};

/**
 * The browser's face models, served by us (never a CDN): Human's model folder and the tfjs wasm binaries,
 * under /api/face/models/{human,wasm}/. Only the face pages load them (lazy chunk in the web app).
 * @fastify/static takes no route schema, so an onRoute hook of this plugin declares the answers of the routes
 * it adds (the files as binary content by media type, errors as the envelope) and shows them in the OpenAPI document.
 */
export const faceModelRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', (route) => {
    const folder = Object.keys(answers).find((prefix) => route.url.includes(prefix)) as keyof typeof answers | undefined;
    if (!folder) return;
    route.schema = {
      ...route.schema,
      hide: false,
      tags: ['face-models'],
      // Kept: the 4xx/5xx envelope the app declares on every route (plugins/answers.ts).
      response: { ...((route.schema?.response as object | undefined) ?? {}), 200: answers[folder], ...errorAnswers(403, 404, 429, 503) },
    };
  });
  const cache = (reply: { header(k: string, v: string): unknown }) => reply.header('Cache-Control', 'public, max-age=604800');
  await app.register(fastifyStatic, {
    root: paths.humanModels,
    prefix: '/face/models/human/',
    decorateReply: false,
    index: false,
    list: false,
    setHeaders: cache,
  });
  await app.register(fastifyStatic, {
    root: paths.wasmDir,
    prefix: '/face/models/wasm/',
    decorateReply: false,
    index: false,
    list: false,
    allowedPath: (path) => path.endsWith('.wasm'),
    setHeaders: cache,
  });
};
