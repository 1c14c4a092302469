import type { departmentInput } from '@presente/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Ctx, requireCompany } from '../../context.js';
import { departments, employees } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { rooms } from '../../realtime/events.js';

type Input = z.output<typeof departmentInput>;
const taken = () => new AppError('conflict', 'department.nameTaken', {}, [{ path: 'name', message: 'department.nameTaken' }]);

/** Departments of the actor's company with their employee counts (spec: _count.employees). */
export async function listDepartments(ctx: Ctx) {
  const companyId = requireCompany(ctx.actor);
  const rows = await ctx.db
    .select({
      id: departments.id,
      name: departments.name,
      createdAt: departments.createdAt,
      employees: sql<number>`(select count(*)::int from employees e where e.department_id = "departments"."id" and e.deleted_at is null)`,
    })
    .from(departments)
    .where(eq(departments.companyId, companyId))
    .orderBy(asc(departments.name));
  return rows.map(({ employees: n, ...d }) => ({ ...d, _count: { employees: n } }));
}

export async function createDepartment(ctx: Ctx, input: Input) {
  const companyId = requireCompany(ctx.actor);
  try {
    const [row] = await ctx.db.insert(departments).values({ companyId, name: input.name }).returning();
    ctx.deps.events.emit(rooms.company(companyId), 'department_update', { action: 'created', id: row.id });
    return { ...row, _count: { employees: 0 } };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

export async function updateDepartment(ctx: Ctx, id: string, input: Input) {
  const companyId = requireCompany(ctx.actor);
  try {
    const [row] = await ctx.db
      .update(departments)
      .set({ name: input.name })
      .where(and(eq(departments.id, id), eq(departments.companyId, companyId)))
      .returning();
    if (!row) throw new AppError('not_found', 'department.notFound');
    ctx.deps.events.emit(rooms.company(companyId), 'department_update', { action: 'updated', id });
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** Deletes a department; refused while employees are assigned (spec §5). */
export async function deleteDepartment(ctx: Ctx, id: string) {
  const companyId = requireCompany(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const [dept] = await tx
      .select()
      .from(departments)
      .where(and(eq(departments.id, id), eq(departments.companyId, companyId)))
      .for('update');
    if (!dept) throw new AppError('not_found', 'department.notFound');
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(employees)
      .where(and(eq(employees.departmentId, id), eq(employees.companyId, companyId), isNull(employees.deletedAt)));
    if (n > 0) throw new AppError('conflict', 'department.hasEmployees', { count: n });
    await tx.delete(departments).where(eq(departments.id, id));
  });
  ctx.deps.events.emit(rooms.company(companyId), 'department_update', { action: 'deleted', id });
}
