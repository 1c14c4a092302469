import type { Department } from '@presente/shared';
import { iso } from '../../lib/iso.js';

/** A department row as the admin reads it: never its company; the employee count when the query has it. */
export function presentDepartment(d: { id: string; name: string; createdAt: Date | string; _count?: { employees: number } }): Department {
  return { id: d.id, name: d.name, createdAt: iso(d.createdAt), ...(d._count ? { _count: { employees: d._count.employees } } : {}) };
}
