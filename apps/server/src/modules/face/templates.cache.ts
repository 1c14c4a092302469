import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, employees, faceTemplates } from '../../db/schema/index.js';
import { TemplateIndex } from '../../face/match.js';
import { openDescriptor } from '../../face/seal.js';

/**
 * One TemplateIndex per company, rebuilt when the set of templates that can be recognised changes: the
 * templates of the company's ACTIVE, non-deleted employees. That set depends on two things only, so the
 * stamp read on every mark fingerprints both, each from its own table (a join of the two cost 3-4 times
 * as much at 20k templates): the company's template rows (count, newest, sum of the ids' hashes) and its
 * active employees (count, sum of the ids' hashes). An enrolment, a removal, a deactivation, a deletion
 * or a reactivation, by any code path or another server process, is seen on the next mark; only the
 * rebuild is cached (docs/decisions/0015).
 */
const cache = new Map<string, { stamp: string; index: TemplateIndex; opened: Map<string, Float32Array> }>();

const recognisable = (companyId: string) =>
  and(eq(faceTemplates.companyId, companyId), eq(employees.companyId, companyId), eq(employees.status, 'ACTIVE'), isNull(employees.deletedAt));

export async function companyIndex(db: Db, companyId: string): Promise<TemplateIndex> {
  const [s] = await db
    .select({
      templates: sql<string>`(select count(*) || ':' || coalesce(max(${faceTemplates.createdAt})::text, '') || ':' || coalesce(sum(hashtext(${faceTemplates.id}::text)::bigint), 0)
        from ${faceTemplates} where ${faceTemplates.companyId} = ${companyId})`,
      active: sql<string>`(select count(*) || ':' || coalesce(sum(hashtext(${employees.id}::text)::bigint), 0)
        from ${employees} where ${employees.companyId} = ${companyId} and ${employees.status} = 'ACTIVE' and ${employees.deletedAt} is null)`,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  const stamp = `${s?.templates}|${s?.active}`;
  const hit = cache.get(companyId);
  if (hit?.stamp === stamp) return hit.index;

  const rows = await db
    .select({ employeeId: faceTemplates.employeeId, sealed: faceTemplates.sealed })
    .from(faceTemplates)
    .innerJoin(employees, eq(employees.id, faceTemplates.employeeId))
    .where(recognisable(companyId));
  // The only place templates are opened for matching (decision 0029): into this process's memory, never an answer.
  // A rebuild reopens only the blobs it has not opened before (by employee + GCM tag: a blob moved to another
  // employee is opened again, and refused), so an enrolment in a large company costs its own templates only.
  const before = hit?.opened;
  const opened = new Map<string, Float32Array>();
  const byEmployee = new Map<string, Float32Array[]>();
  for (const r of rows) {
    if (!r.sealed) continue; // a plain row of before: the start-up pass seals it
    const key = `${r.employeeId}:${r.sealed.subarray(17, 33).toString('base64')}`;
    let descriptor = before?.get(key);
    if (!descriptor) {
      try {
        descriptor = openDescriptor({ companyId, employeeId: r.employeeId }, r.sealed);
      } catch {
        continue; // altered, or moved from another row or company: GCM refuses it, and it matches nobody
      }
    }
    opened.set(key, descriptor);
    const list = byEmployee.get(r.employeeId) ?? [];
    list.push(descriptor);
    byEmployee.set(r.employeeId, list);
  }
  const index = new TemplateIndex(Math.max(64, rows.length));
  for (const [employeeId, descriptors] of byEmployee) index.add(employeeId, descriptors);
  cache.set(companyId, { stamp, index, opened });
  return index;
}
