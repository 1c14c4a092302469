/**
 * The check-in bench's load generator (bench/attendance/checkin.ts), in a process of its own: a client is never
 * inside the server it measures (stop 39: on one thread the two shared one core, and every request's client work
 * delayed the server's event loop). Its job comes on the IPC channel: a warm-up round (the server's code and this
 * client's compiled before anything is measured), then, when the parent says "go" (it reads its CPU counters
 * between the two), the measured round, each employee checking in once. Answers autocannon's result.
 */
import autocannon from 'autocannon';

interface Job {
  url: string;
  warmup: string[];
  tokens: string[];
  connections: number;
}

const send = (message: unknown) => new Promise<void>((resolve) => process.send?.(message, () => resolve()));
const nextMessage = () => new Promise<unknown>((resolve) => process.once('message', resolve));

/**
 * One round; `seconds` runs from its start to its last answer (autocannon's own `duration` ends on its next
 * whole-second tick: 1,000 check-ins answered in 1.1 s read as 2 s).
 */
async function round(url: string, tokens: string[], connections: number) {
  let next = 0;
  let last = 0;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        amount: tokens.length,
        requests: [
          {
            method: 'POST',
            path: '/api/employee/attendance/check-in',
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, 'content-type': 'application/json', cookie: `presente_session=${tokens[next++ % tokens.length]}` },
              body: '{}',
            }),
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', () => {
      last = performance.now();
    });
  });
  return { ...result, seconds: (last - started) / 1000 };
}

const job = (await nextMessage()) as Job;
if (job.warmup.length) await round(job.url, job.warmup, job.connections);
await send({ warm: true });
await nextMessage();
await send({ result: await round(job.url, job.tokens, job.connections) });
process.disconnect();
