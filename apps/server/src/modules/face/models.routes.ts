import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { paths } from '../../face/runtime.js';

/**
 * The browser's face models, served by us (never a CDN): Human's model folder and the tfjs wasm binaries,
 * under /api/face/models/{human,wasm}/. Only the face pages load them (lazy chunk in the web app).
 */
export const faceModelRoutes: FastifyPluginAsync = async (app) => {
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
