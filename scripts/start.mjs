// npm start: builds what is missing (the web app, the compiled server), then runs API + web + websockets on one port,
// and keeps that server running: a crashed server is restarted with backoff (scripts/supervise.mjs, decision 0023).
import { buildServerIfNeeded, serverEntry } from './build-server.mjs';
import { buildWebIfNeeded, root } from './lib.mjs';
import { supervise } from './supervise.mjs';

// With WEB_DIST the server serves another build: apps/web/dist is not needed.
const code = process.env.WEB_DIST ? 0 : await buildWebIfNeeded();
if (code !== 0) {
  console.error('The web app build failed; see the output above.');
  process.exit(code);
}
if ((await buildServerIfNeeded()) !== 0) {
  console.error('The server build failed; see the output above.');
  process.exit(1);
}
process.exitCode = await supervise({
  command: process.execPath,
  args: ['--enable-source-maps', serverEntry],
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
});
