import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employees, faceTemplates } from '../../db/schema/index.js';
import { TemplateIndex } from '../../face/match.js';

/**
 * One TemplateIndex per company, rebuilt when the set of templates that can be recognised changes: the
 * templates of the company's ACTIVE, non-deleted employees. The stamp is read on every mark from that very
 * set (row count, newest row and a sum of the row ids' hashes), so an enrolment, a removal, a deactivation,
 * a deletion or a reactivation, by any code path or another server process, is seen on the next mark;
 * only the rebuild is cached (docs/decisions/0015).
 */
const cache = new Map<string, { stamp: string; index: TemplateIndex }>();

const recognisable = (companyId: string) =>
  and(eq(faceTemplates.companyId, companyId), eq(employees.companyId, companyId), eq(employees.status, 'ACTIVE'), isNull(employees.deletedAt));

export async function companyIndex(db: Db, companyId: string): Promise<TemplateIndex> {
  const [s] = await db
    .select({
      n: sql<number>`count(*)::int`,
      newest: sql<string>`coalesce(max(${faceTemplates.createdAt})::text, '')`,
      ids: sql<string>`coalesce(sum(hashtext(${faceTemplates.id}::text)::bigint), 0)::text`,
    })
    .from(faceTemplates)
    .innerJoin(employees, eq(employees.id, faceTemplates.employeeId))
    .where(recognisable(companyId));
  const stamp = `${s.n}:${s.newest}:${s.ids}`;
  const hit = cache.get(companyId);
  if (hit?.stamp === stamp) return hit.index;

  const rows = await db
    .select({ employeeId: faceTemplates.employeeId, descriptor: faceTemplates.descriptor })
    .from(faceTemplates)
    .innerJoin(employees, eq(employees.id, faceTemplates.employeeId))
    .where(recognisable(companyId));
  const byEmployee = new Map<string, number[][]>();
  for (const r of rows) byEmployee.set(r.employeeId, [...(byEmployee.get(r.employeeId) ?? []), r.descriptor]);
  const index = new TemplateIndex(Math.max(64, rows.length));
  for (const [employeeId, descriptors] of byEmployee) index.add(employeeId, descriptors);
  cache.set(companyId, { stamp, index });
  return index;
}
