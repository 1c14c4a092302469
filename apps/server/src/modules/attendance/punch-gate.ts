/**
 * The employee's HTTP punches pass the admission gate (punch-admission.ts, decision 0056) when they ARRIVE, before the
 * session is read: in a morning rush the database is the bottleneck, and the session lookup is part of the punch's
 * work. A punch that cannot be answered before its client gives up is refused at once with 503 + Retry-After
 * (no database work), and its turn ends when the answer is sent or the client goes away.
 *
 * A request is seen only when the event loop reads it: while PGlite (in this thread) or a busy machine holds the loop,
 * requests wait unseen in the socket. Their clients' clocks started when they sent them, so the deadline is counted
 * from the estimated arrival: now less the event loop's recent delay (decision 0068).
 */
import { CHECK_TIMEOUT_HTTP_MS } from '@presente/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventLoopLag, punchDeadline } from './punch-admission.js';
import { checkInArriving } from './punch-batch.js';

const CHECK_IN_PATH = '/api/employee/attendance/check-in';
const PUNCH_PATHS = new Set([CHECK_IN_PATH, '/api/employee/attendance/check-out']);

/** A punch's turn: when its client stops waiting (epoch ms), whether it went away already, and the end of the turn. */
export interface PunchTurn {
  deadline: number;
  abandoned?: boolean;
  end: () => void;
  /** A check-in: it reached its company's batch lane (or ended before): it no longer holds a batch back. */
  seen?: () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a punch admitted by the gate: when its client stops waiting (epoch ms), and the end of its turn. */
    punchTurn?: PunchTurn;
  }
}

export function registerPunchGate(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0] ?? '';
    if (req.method !== 'POST' || !PUNCH_PATHS.has(path)) return;
    const deadline = punchDeadline(Date.now() - eventLoopLag(), CHECK_TIMEOUT_HTTP_MS);
    req.punchTurn = { deadline, end: await app.deps.punches.admit(deadline) };
    // PGlite: a check-in whose company is not known yet (its session is read next, behind the others on the one
    // connection) holds a batch about to start back a moment (punch-batch.ts), as those being prepared do. Not on
    // PostgreSQL: its pool reads sessions side by side, and batches form while one is written (holding them back
    // there made batches of one: 2,685 batches for 3,000 check-ins against 559, stop 37).
    if (app.deps.dbKind === 'pglite' && path === CHECK_IN_PATH) req.punchTurn.seen = checkInArriving();
    // Let the requests that arrived meanwhile reach the gate before this one's database work: PGlite runs in this
    // thread, and a punch that never yields would keep them unseen (neither admitted nor refused) until it is done.
    await new Promise((resolve) => setImmediate(resolve));
  });
  app.addHook('onResponse', async (req: FastifyRequest) => {
    req.punchTurn?.seen?.();
    req.punchTurn?.end();
  });
  // The client went away (gave up): its punch is not written if it has not committed yet (punch-admission.ts).
  app.addHook('onRequestAbort', async (req: FastifyRequest) => {
    if (!req.punchTurn) return;
    req.punchTurn.abandoned = true;
    req.punchTurn.seen?.();
    req.punchTurn.end();
  });
}
