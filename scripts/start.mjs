// npm start: builds what is missing, then runs API + web + websockets on one port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWebIfNeeded, root } from './lib.mjs';

const code = await buildWebIfNeeded();
if (code !== 0) {
  console.error('The web app build failed; see the output above.');
  process.exit(code);
}
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  stdio: 'inherit',
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (c, signal) => process.exit(signal ? 0 : (c ?? 1)));
