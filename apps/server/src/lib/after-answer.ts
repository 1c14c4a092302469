import type { FastifyReply } from 'fastify';

/**
 * Work that must not change an answer's timing: it starts once the answer has been written (the reply's
 * 'finish', or 'close' if the client left first), so every caller of a route gets the same answer after
 * the same work (forgot-password and registration; decision 0031). Failures are logged, never answered.
 * In-process and best effort: a crash between the answer and the work loses it (the user asks again).
 */
const running = new Set<Promise<void>>();

export function afterAnswer(reply: FastifyReply, what: string, work: () => Promise<unknown>): void {
  // Tracked from now, not from the start: a test that awaits afterAnswerSettled() right after the answer sees it.
  const done = new Promise<void>((resolve) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      work()
        .catch((err) => reply.log.error({ err }, `${what} failed after the answer`))
        .finally(resolve);
    };
    reply.raw.once('finish', start);
    reply.raw.once('close', start);
  });
  running.add(done);
  void done.finally(() => running.delete(done));
}

/** Resolves when no after-answer work is running (tests; a graceful stop). */
export async function afterAnswerSettled(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}

/** How many after-answer works are running now. */
export const afterAnswerRunning = () => running.size;
