// Keeps one child process running (npm start's server): a crash is logged with its exit code or signal and
// restarted after a growing pause; too many crashes in a short window give up with a clear message.
// SIGINT/SIGTERM to this process stop the child and are never followed by a restart. Decision 0023.
import { spawn } from 'node:child_process';

/** The exit code of a configuration error (main.ts, sysexits EX_CONFIG): restarting cannot fix it. */
export const EX_CONFIG = 78;

const say = (text) => console.error(`[supervisor ${new Date().toISOString()}] ${text}`);
const seconds = (ms) => `${+(ms / 1000).toFixed(2)} s`;

/**
 * Runs `command args` until it stops on purpose; resolves with the exit code this process should end with.
 * Restart pauses: baseDelayMs, doubled after each crash counted in the last windowMs, capped at maxDelayMs;
 * the maxCrashes-th crash inside windowMs gives up (exit 1). A child that exits 0 stopped on purpose (it
 * was sent a signal of its own) and one that exits EX_CONFIG cannot be helped: neither is restarted.
 */
export function supervise({ command, args = [], cwd, env, baseDelayMs = 1000, maxDelayMs = 30_000, maxCrashes = 5, windowMs = 60_000, log = say }) {
  return new Promise((resolve) => {
    let child = null;
    let timer = null;
    let stopping = false;
    const crashes = [];

    const start = () => {
      timer = null;
      const started = spawn(command, args, { cwd, env, stdio: 'inherit' });
      child = started;
      started.on('error', (err) => {
        log(`could not start the server: ${err.message}`);
        // A process that never started emits no 'exit': count it as a crash here.
        if (started.pid === undefined) exited('none', 1, null);
      });
      if (started.pid === undefined) return;
      log(`server started (pid ${started.pid})`);
      started.on('exit', (code, signal) => exited(started.pid, code, signal));
    };

    const finish = (code) => {
      for (const s of ['SIGINT', 'SIGTERM']) process.off(s, onSignal);
      resolve(code);
    };

    const exited = (pid, code, signal) => {
      child = null;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (stopping) {
        log(`server (pid ${pid}) ${how}; stopped`);
        return finish(signal || code === null ? 0 : code);
      }
      if (!signal && code === 0) {
        log(`server (pid ${pid}) stopped cleanly on its own; not restarting`);
        return finish(0);
      }
      if (code === EX_CONFIG) {
        log(`server (pid ${pid}) refused its configuration (exit ${EX_CONFIG}); fix the settings above, restarting cannot help`);
        return finish(EX_CONFIG);
      }
      const now = Date.now();
      crashes.push(now);
      while (crashes.length && crashes[0] <= now - windowMs) crashes.shift();
      if (crashes.length >= maxCrashes) {
        log(
          `server (pid ${pid}) ${how}: ${crashes.length} crashes within ${seconds(windowMs)}. Giving up: ` +
            'something is wrong that restarting will not fix; read the errors above, fix the cause and start again.',
        );
        return finish(1);
      }
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (crashes.length - 1));
      log(`server (pid ${pid}) ${how}; restarting in ${seconds(delay)} (crash ${crashes.length} of ${maxCrashes} allowed within ${seconds(windowMs)})`);
      timer = setTimeout(start, delay);
    };

    function onSignal(signal) {
      if (!stopping) log(`${signal}: stopping the server`);
      stopping = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
        return finish(0);
      }
      child?.kill(signal);
    }
    for (const s of ['SIGINT', 'SIGTERM']) process.on(s, onSignal);
    start();
  });
}
