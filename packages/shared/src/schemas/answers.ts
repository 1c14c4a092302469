import { z } from 'zod';

// `dataAnswer` and `messageAnswer` live in common.ts (one home); this file adds the saved and binary answers.

/** `{ data, message }`: a write confirmed in the reader's language. */
export const savedAnswer = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string() });

/** A binary string in the OpenAPI document; typed as the bytes a handler sends. */
const binary = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Uint8Array>;

/**
 * A file answered as bytes, declared the OpenAPI way: `content` keyed by media type, each a binary string.
 * Fastify never runs a serialiser over a Buffer or a stream, so the schema documents and does not check.
 */
export const binaryAnswer = (description: string, ...mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary }])) as Record<string, { schema: typeof binary }>,
});
