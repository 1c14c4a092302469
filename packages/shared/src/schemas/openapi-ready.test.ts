/**
 * The server writes its OpenAPI document from these schemas (plugins/openapi.ts): a request schema as its input (what a
 * client sends, before transforms), an answer as its output. A schema Zod cannot write as JSON Schema breaks the
 * document at the server's start; this finds it here, with its name.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.js';

const schemas = Object.entries(shared as Record<string, unknown>).filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType);

describe('the shared schemas in the OpenAPI document', () => {
  it('writes every exported schema as JSON Schema: requests as their input, answers as their output', () => {
    const failures: string[] = [];
    for (const [name, schema] of schemas) {
      try {
        const json = z.toJSONSchema(schema, { io: name.endsWith('Answer') ? 'output' : 'input' });
        expect(typeof json).toBe('object');
      } catch (err) {
        failures.push(`${name}: ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    // Every schema module is reached through the package's index (a module left out would not be counted here).
    expect(schemas.length).toBeGreaterThan(200);
  });

  it('declares a file answer as a binary string for each of its media types', () => {
    const answer = shared.binaryAnswer('El registro', 'application/pdf', 'text/csv');
    expect(answer.description).toBe('El registro');
    expect(Object.keys(answer.content)).toEqual(['application/pdf', 'text/csv']);
    for (const { schema } of Object.values(answer.content)) expect(z.toJSONSchema(schema)).toMatchObject({ type: 'string', format: 'binary' });
  });
});
