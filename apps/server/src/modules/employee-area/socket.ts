import { CHECK_TIMEOUT_SOCKET_MS, type Language, punchInput, translate } from '@presente/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { AppDeps } from '../../context.js';
import { companies, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isDatabaseUnavailable } from '../../lib/db-errors.js';
import { pickLanguage } from '../../lib/lang.js';
import { RETRY_AFTER_SECONDS } from '../../plugins/error-handler.js';
import type { PunchAction } from '../attendance/punch.service.js';
import { punchDeadline } from '../attendance/punch-admission.js';
import { punchSelf } from './attendance.service.js';
import { limitUserPunch, onePunchAtATime, socketPunchCounter } from './punch-limits.js';

/** Who a socket belongs to, read once at connection (spec §7 socket). */
export interface SocketIdentity {
  userId: string;
  role: string | null;
  companyId: string | null;
  /** Set for EMPLOYEE users linked to an employee row. */
  employeeId: string | null;
}

/** `retryAfter` (seconds) when the refusal says when to come back (rate_limited, a punch in flight). */
export type PunchAnswer = { success: true; message: string; data: unknown } | { success: false; message: string; code: string; retryAfter?: number };

const format = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));

/** The socket's language: the handshake's auth.lang, else its Accept-Language; Spanish by default. */
export function socketLanguage(socket: Socket): Language {
  const asked = socket.handshake.auth?.lang;
  if (asked === 'es' || asked === 'en') return asked;
  return pickLanguage(socket.handshake.headers['accept-language']);
}

/** The session behind the socket is still open and its user and company still active (as for HTTP). */
export async function sessionStillValid(deps: AppDeps, sessionId: string | undefined): Promise<boolean> {
  if (!sessionId) return false;
  const [row] = await deps.db
    .select({ isActive: users.isActive, companyStatus: companies.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return !!row?.isActive && row.companyStatus !== 'INACTIVE';
}

/** Runs one socket check-in/out and words the answer in the socket's language. */
export async function socketPunch(
  deps: AppDeps,
  log: FastifyBaseLogger,
  who: SocketIdentity & { sessionId?: string },
  action: PunchAction,
  payload: unknown,
  lang: Language,
): Promise<PunchAnswer> {
  // The socket client waits CHECK_TIMEOUT_SOCKET_MS for the result event (decision 0056).
  const deadline = punchDeadline(Date.now(), CHECK_TIMEOUT_SOCKET_MS);
  try {
    await limitUserPunch(deps.limiter, who.userId); // before any database work
    if (!(await sessionStillValid(deps, who.sessionId))) throw new AppError('unauthorized');
    if (who.role !== 'EMPLOYEE') throw new AppError('forbidden');
    if (!who.employeeId || !who.companyId) throw new AppError('forbidden', 'attendance.notEmployee');
    const parsed = punchInput.safeParse(payload ?? {});
    if (!parsed.success) throw new AppError('validation_failed', parsed.error.issues[0]?.message ?? 'error.validation_failed');
    const self = { companyId: who.companyId, employeeId: who.employeeId };
    const result = await deps.punches.run(deadline, () =>
      onePunchAtATime(deps.limiter, who.userId, () => punchSelf(deps.tenantDb(who.companyId!), deps, self, action, parsed.data.location, { deadline })),
    );
    return { success: true, message: translate(result.messageKey, lang), data: result.data };
  } catch (err) {
    if (err instanceof AppError) return refusal(err, lang);
    // The database away or too busy: said as such, as over HTTP (decision 0021), and logged once per outage.
    if (isDatabaseUnavailable(err)) {
      deps.dbOutage.failed(err);
      return refusal(new AppError('service_unavailable', 'error.service_unavailable', { retryAfter: RETRY_AFTER_SECONDS }), lang);
    }
    log.error({ err }, 'socket punch failed');
    return refusal(new AppError('internal'), lang);
  }
}

/** A refused punch in the socket's language, with Retry-After's seconds when the error has them. */
function refusal(err: AppError, lang: Language): PunchAnswer {
  const { retryAfter } = err.params;
  return {
    success: false,
    message: format(translate(err.messageKey, lang), err.params),
    code: err.code,
    ...(typeof retryAfter === 'number' ? { retryAfter } : {}),
  };
}

/**
 * Listens for `employee_checkin` / `employee_checkout` ({location?}) and answers the same socket with
 * `employee_checkin_result` / `employee_checkout_result` (and the ack callback when one is given).
 * Limited per socket, per user and to one punch in flight per user (punch-limits.ts, decision 0022).
 * Handlers are attached at once; they wait for the identity the connection resolves.
 */
export function handleEmployeePunches(socket: Socket, deps: AppDeps, log: FastifyBaseLogger, identity: Promise<SocketIdentity | null>) {
  const count = socketPunchCounter();
  const bind = (event: string, resultEvent: string, action: PunchAction) => {
    socket.on(event, async (...args: unknown[]) => {
      // emit(event, payload?, ack?): the payload may be left out and the ack come first.
      const ack = args.find((a) => typeof a === 'function') as ((answer: PunchAnswer) => void) | undefined;
      const payload = typeof args[0] === 'function' ? undefined : args[0];
      // The socket's own limit first: answered from memory, before its identity or the database.
      const { verdict, retryAfter } = count();
      if (verdict === 'drop') {
        if (socket.connected) log.warn({ userId: socket.data.userId }, 'socket dropped: too many punch events');
        return void socket.disconnect(true);
      }
      const lang = socketLanguage(socket);
      const limited = verdict === 'limited' ? refusal(new AppError('rate_limited', 'attendance.tooManyPunches', { retryAfter }), lang) : null;
      const who = limited ? null : await identity;
      const answer: PunchAnswer =
        limited ??
        (who
          ? await socketPunch(deps, log, { ...who, sessionId: socket.data.sessionId as string | undefined }, action, payload, lang)
          : { success: false, message: translate('error.unauthorized', lang), code: 'unauthorized' });
      socket.emit(resultEvent, answer);
      ack?.(answer);
    });
  };
  bind('employee_checkin', 'employee_checkin_result', 'check_in');
  bind('employee_checkout', 'employee_checkout_result', 'check_out');
}
