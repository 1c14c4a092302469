import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
export const webDist = join(root, 'apps/web/dist/index.html');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((res) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
    child.on('exit', (code, signal) => res(signal ? 1 : (code ?? 1)));
  });
}

export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** The web build is missing or older than its sources (web app or shared package). */
export function webBuildStale() {
  if (!existsSync(webDist)) return true;
  const built = statSync(webDist).mtimeMs;
  const sources = Math.max(
    newestMtime(join(root, 'apps/web/src')),
    newestMtime(join(root, 'packages/shared/src')),
    statSync(join(root, 'apps/web/index.html')).mtimeMs,
    // The build's own configuration and the files copied as they are (the kiosk's icons, decision 0045).
    statSync(join(root, 'apps/web/vite.config.ts')).mtimeMs,
    newestMtime(join(root, 'apps/web/public')),
  );
  return sources > built;
}

export async function buildWebIfNeeded() {
  if (!webBuildStale()) return 0;
  console.log('Building the web app (first start or sources changed)...');
  return run('npm', ['run', 'build', '-w', 'apps/web', '--silent']);
}
