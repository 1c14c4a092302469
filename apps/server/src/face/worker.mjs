// Entry of a face worker thread (pool.ts). Workers do not inherit Vitest's or the CLI's TypeScript
// loader, so the TypeScript body is imported through tsx's scoped API; this works the same under
// `node --import tsx`, `tsx` and Vitest.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
