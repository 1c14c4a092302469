import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { type Events, rooms } from '../../realtime/events.js';

/**
 * The ONE way sessions end (logout, login rotation, password changes and resets, deactivated or deleted
 * accounts, billing downgrades): deletes the matching sessions through `tx` (the caller's transaction)
 * and returns their ids. After the commit, pass them to `dropSessionSockets` so the realtime connections
 * opened with them close too (decision 0016).
 */
export async function revokeSessions(tx: Db, where: SQL): Promise<string[]> {
  const ended = await tx.delete(sessions).where(where).returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

/** After the commit: the sockets of ended sessions are disconnected, on every server process. */
export function dropSessionSockets(events: Events, sessionIds: string[]): void {
  if (sessionIds.length) events.disconnect(sessionIds.map(rooms.session));
}

/**
 * After the commit: every socket of a company's people is disconnected (company set INACTIVE or deleted).
 * Everyone of the company is in its company room; reconnecting is refused while the company is inactive.
 */
export function dropCompanySockets(events: Events, companyId: string): void {
  events.disconnect([rooms.company(companyId)]);
}
