import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerApiDocs } from './api-docs.js';

const PLATFORM_PATHS = /^\/api\/super-admin(\/|$)/;

/** OpenAPI 3 document generated from the zod schemas of every route, served at /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Presente API', version: '2.1.0', description: 'Multi-company attendance control with face recognition.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'presente_session' },
          // The public API under /api/v1 (decision 0048): a key made in Configuración → Integraciones.
          apiKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer pk_live_...' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The platform's own routes (the super admin's) are listed only for a signed-in super admin; everyone else
  // gets the document a customer's integration needs (issue 18: it listed every route to anyone).
  const document = z
    .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) })
    .describe('The OpenAPI 3 document, passed through whole.');
  app.get('/api/openapi.json', { schema: { hide: true, response: { 200: document } } }, async (req) => {
    const doc = app.swagger() as { paths?: Record<string, unknown> };
    if (req.actor?.role === 'SUPER_ADMIN') return doc;
    const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([path]) => !PLATFORM_PATHS.test(path)));
    return { ...doc, paths };
  });
  registerApiDocs(app);
}
