import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { employees, faceTemplates } from '../../db/schema/index.js';
import { TemplateIndex } from '../../face/match.js';

/**
 * One TemplateIndex per company, rebuilt when the company's templates change. The stamp (count and newest
 * row) is read on every mark, so a change made by another server process is seen at once; only the
 * rebuild is cached. Active, non-deleted employees only.
 */
const cache = new Map<string, { stamp: string; index: TemplateIndex }>();

export async function companyIndex(db: Db, companyId: string): Promise<TemplateIndex> {
  const [s] = await db
    .select({ n: sql<number>`count(*)::int`, newest: sql<string>`coalesce(max(${faceTemplates.createdAt})::text, '')` })
    .from(faceTemplates)
    .where(eq(faceTemplates.companyId, companyId));
  const stamp = `${s.n}:${s.newest}`;
  const hit = cache.get(companyId);
  if (hit?.stamp === stamp) return hit.index;

  const rows = await db
    .select({ employeeId: faceTemplates.employeeId, descriptor: faceTemplates.descriptor })
    .from(faceTemplates)
    .innerJoin(employees, eq(employees.id, faceTemplates.employeeId))
    .where(and(eq(faceTemplates.companyId, companyId), eq(employees.status, 'ACTIVE'), isNull(employees.deletedAt)));
  const byEmployee = new Map<string, number[][]>();
  for (const r of rows) byEmployee.set(r.employeeId, [...(byEmployee.get(r.employeeId) ?? []), r.descriptor]);
  const index = new TemplateIndex(Math.max(64, rows.length));
  for (const [employeeId, descriptors] of byEmployee) index.add(employeeId, descriptors);
  cache.set(companyId, { stamp, index });
  return index;
}
