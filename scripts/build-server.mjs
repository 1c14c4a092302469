// The server compiled to JavaScript (issue 23 item 1): `npm start` runs apps/server/dist/main.mjs, rebuilt only when a
// source of the server or the shared package changed, so a restart does not transpile TypeScript. Dev and tests keep tsx.
import { cpSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { newestMtime, root } from './lib.mjs';

const serverDir = join(root, 'apps/server');
const defaultOutDir = join(serverDir, 'dist');
export const serverEntry = join(defaultOutDir, 'main.mjs');

/** The compiled server is missing or older than its sources (server or shared package). */
export function serverBuildStale() {
  if (!existsSync(serverEntry)) return true;
  const built = statSync(serverEntry).mtimeMs;
  return Math.max(newestMtime(join(serverDir, 'src')), newestMtime(join(root, 'packages/shared/src'))) > built;
}

/**
 * Bundles src/main.ts and the face worker (src/face/worker.ts) with the shared package inlined and every npm package
 * left to Node. dist/ sits at the depth of src/, so the paths the code takes from import.meta.url still hold: the
 * migrations are copied beside the bundle, the worker is dist/worker.mjs (what pool.ts loads), the web build is
 * ../../web/dist.
 */
export async function buildServer(outDir = defaultOutDir) {
  // Built aside, then swapped in: a server starting meanwhile, or a second `npm start` building too, never reads half a build.
  const tmp = `${outDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  await build({
    entryPoints: { main: join(serverDir, 'src/main.ts'), worker: join(serverDir, 'src/face/worker.ts') },
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(b) {
          // Bare imports are npm packages (resolved by Node at run time), except the workspace's shared package.
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@presente/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  cpSync(join(serverDir, 'src/db/migrations'), join(tmp, 'migrations'), { recursive: true });
  const old = `${outDir}.old-${process.pid}`;
  if (existsSync(outDir)) renameSync(outDir, old);
  try {
    renameSync(tmp, outDir);
  } catch (error) {
    if (!existsSync(outDir)) throw error; // another build swapped its copy in first: keep that one
  }
  rmSync(tmp, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
}

export async function buildServerIfNeeded() {
  if (!serverBuildStale()) return 0;
  console.log('Building the server (first start or sources changed)...');
  try {
    await buildServer();
    return 0;
  } catch (error) {
    console.error(error);
    return 1;
  }
}

if (process.argv[1] === import.meta.filename) process.exit(await buildServerIfNeeded());
