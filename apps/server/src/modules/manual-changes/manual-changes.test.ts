import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, attendanceRecords, manualChanges } from '../../db/schema/index.js';
import { jobHandlers, recurringJobs } from '../../jobs/index.js';
import { runDueJobs } from '../../jobs/runner.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const log = { info() {}, warn() {}, error() {} } as never;
const ADMIN = '/api/company-admin-simple';
const MINE = '/api/employee/manual-changes';

/** A Lima company with an office schedule, its admin (named), and two workers with logins. */
async function seed(name: string) {
  const company = await t.factories.company({ name, timezone: 'America/Lima' });
  const admin = await t.factories.companyAdmin({ companyId: company.id, name: `Carla Admin ${name}` });
  const schedule = await t.factories.schedule(company.id, { startTime: '09:00', endTime: '18:00', workDays: '1,2,3,4,5' });
  const worker = await t.factories.employee(company.id, { firstName: 'Rosa', lastName: `Quispe ${name}`, scheduleId: schedule.id });
  const other = await t.factories.employee(company.id, { firstName: 'Luis', lastName: `Mamani ${name}`, scheduleId: schedule.id });
  return { company, admin, worker, other };
}

/** Creates (2 March), edits (2 March) and deletes (3 March) records of the worker through the admin's API. */
async function changeByHand(s: Awaited<ReturnType<typeof seed>>) {
  const created = await t.as(s.admin).post(`${ADMIN}/attendance`, {
    employeeId: s.worker.id,
    date: '2026-03-02',
    checkIn: '09:00',
    checkOut: '18:00',
    reason: 'Olvidó marcar al entrar',
  });
  expect(created.statusCode).toBe(201);
  const edited = await t.as(s.admin).put(`${ADMIN}/attendance/${created.json().data.id}`, {
    employeeId: s.worker.id,
    date: '2026-03-02',
    checkIn: '08:30',
    checkOut: '18:00',
    reason: 'Llegó antes: lo vio la supervisora',
  });
  expect(edited.statusCode).toBe(200);
  const other = await t.as(s.admin).post(`${ADMIN}/attendance`, { employeeId: s.worker.id, date: '2026-03-03', checkIn: '09:00', reason: 'Prueba' });
  expect((await t.as(s.admin).delete(`${ADMIN}/attendance/${other.json().data.id}?reason=Registro%20duplicado`)).statusCode).toBe(200);
  return created.json().data.id as string;
}

async function xlsxText(body: Buffer): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => out.push((row.values as unknown[]).filter((v) => v != null).join(' | '))));
  return out.join('\n');
}

function pdfText(body: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'register-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), body);
    return execFileSync('pdftotext', ['-raw', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const register = async (s: Awaited<ReturnType<typeof seed>>, format: 'xlsx' | 'pdf') => {
  const res = await t.as(s.admin).get(`${ADMIN}/register?format=${format}&lang=es`);
  expect(res.statusCode).toBe(200);
  return format === 'xlsx' ? xlsxText(res.rawPayload) : pdfText(res.rawPayload);
};

describe('manual changes in the register: author, time and reason (decision 0039)', () => {
  it("create, edit and delete each show who, when and why in the register's Excel and PDF; an empty reason says so", async () => {
    const a = await seed('Norte');
    const b = await seed('Sur');
    await changeByHand(a);
    await changeByHand(b);

    const rows = await t.db.select().from(manualChanges).where(eq(manualChanges.companyId, a.company.id)).orderBy(manualChanges.createdAt);
    expect(rows.map((r) => [r.action, r.date, r.authorName, r.reason, r.answer])).toEqual([
      ['created', '2026-03-02', 'Carla Admin Norte', 'Olvidó marcar al entrar', 'pending'],
      ['updated', '2026-03-02', 'Carla Admin Norte', 'Llegó antes: lo vio la supervisora', 'pending'],
      ['created', '2026-03-03', 'Carla Admin Norte', 'Prueba', 'pending'],
      ['deleted', '2026-03-03', 'Carla Admin Norte', 'Registro duplicado', 'pending'],
    ]);
    // The edit keeps what the record was and what it became (Lima is UTC-5).
    expect(rows[1]).toMatchObject({
      previous: { checkIn: '2026-03-02T14:00:00.000Z', checkOut: '2026-03-02T23:00:00.000Z' },
      next: { checkIn: '2026-03-02T13:30:00.000Z', checkOut: '2026-03-02T23:00:00.000Z' },
    });
    // An entry without a reason (an older one, from before reasons were required).
    await t.db.insert(manualChanges).values({ ...rows[0]!, id: undefined, reason: null, createdAt: new Date('2026-03-04T15:00:00Z') });

    const when = (at: Date) => {
      const local = new Date(at.getTime() - 5 * 3_600_000).toISOString();
      return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
    };
    for (const format of ['xlsx', 'pdf'] as const) {
      const text = await register(a, format);
      // The line of 2 March carries its changes; the sheet of changes lists all of them, the deletion too.
      expect(text).toContain(
        `Registro creado a mano por Carla Admin Norte el ${when(rows[0]!.createdAt)}. Motivo: Olvidó marcar al entrar. Trabajador: Pendiente`,
      );
      expect(text).toContain(`Registro modificado a mano por Carla Admin Norte el ${when(rows[1]!.createdAt)}. Motivo: Llegó antes: lo vio la supervisora`);
      expect(text).toContain('Registro eliminado');
      expect(text).toContain('Registro duplicado');
      expect(text).toContain('sin motivo indicado');
      expect(text).toContain('Respuesta del trabajador');
      expect(text).not.toContain('Carla Admin Sur');
    }
    // In English too.
    const en = await xlsxText((await t.as(a.admin).get(`${ADMIN}/register?format=xlsx&lang=en`)).rawPayload);
    expect(en).toContain('Record changed by hand by Carla Admin Norte');
    expect(en).toContain('no reason given');
  });

  it('mails the worker each change (the in-app list always has it)', async () => {
    const a = await seed('Correo');
    await changeByHand(a);
    await runDueJobs(t.deps, jobHandlers, recurringJobs, log, new Date(Date.now() + 1000));
    const mails = t.deps.mailer.outbox.filter((m) => m.to === a.worker.email);
    expect(mails.map((m) => m.subject)).toContain('Presente: Correo cambió tu asistencia del 02/03/2026');
    expect(mails).toHaveLength(4);
    expect(mails.find((m) => m.text.includes('Registro eliminado'))?.text).toContain('Motivo: Registro duplicado');
    expect(mails[0]?.links?.[0]).toMatch(/\/employee\/history$/);
    expect(t.deps.mailer.outbox.filter((m) => m.to === a.other.email)).toEqual([]);
  });
});

describe('the worker acknowledges or disputes their own manual changes, once (decision 0039)', () => {
  it('lists their own, agrees, disputes with a comment; not twice, not without a comment; the admin and the register see the answers', async () => {
    const a = await seed('Acuerdo');
    await changeByHand(a);
    const list = await t.as(a.worker.account).get(MINE);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data.pending).toBe(4);
    expect(body.data.changes.map((c: { action: string; reason: string }) => [c.action, c.reason])).toEqual([
      ['deleted', 'Registro duplicado'],
      ['created', 'Prueba'],
      ['updated', 'Llegó antes: lo vio la supervisora'],
      ['created', 'Olvidó marcar al entrar'],
    ]);
    expect(body.data.changes[0]).toMatchObject({ authorName: 'Carla Admin Acuerdo', date: '2026-03-03', answer: 'pending', answerComment: null });
    expect(body.data.changes[0]).not.toHaveProperty('authorUserId');
    const [deleted, , updated, created] = body.data.changes as { id: string }[];

    // A dispute needs a comment: 400 in the reader's language, nothing changes.
    const bare = await t.as(a.worker.account).post(`${MINE}/${updated!.id}/answer`, { answer: 'disputed', comment: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors[0]).toMatchObject({ path: 'comment', message: 'Explica en qué no estás de acuerdo' });
    const bareEn = await t.as(a.worker.account).post(`${MINE}/${updated!.id}/answer`, { answer: 'disputed' }, { 'accept-language': 'en' });
    expect(bareEn.json().errors[0].message).toBe('Explain what you disagree with');
    expect((await t.as(a.worker.account).post(`${MINE}/${updated!.id}/answer`, { answer: 'maybe' })).statusCode).toBe(400);

    const agree = await t.as(a.worker.account).post(`${MINE}/${created!.id}/answer`, { answer: 'agreed' });
    expect(agree.statusCode).toBe(200);
    expect(agree.json()).toMatchObject({ message: 'Registraste tu conformidad', data: { answer: 'agreed', answeredAt: expect.any(String) } });
    const dispute = await t.as(a.worker.account).post(`${MINE}/${updated!.id}/answer`, { answer: 'disputed', comment: 'Entré a las 08:15, no 08:30' });
    expect(dispute.statusCode).toBe(200);
    expect(dispute.json().data).toMatchObject({ answer: 'disputed', answerComment: 'Entré a las 08:15, no 08:30' });

    // Not twice: the first answer stands.
    const again = await t.as(a.worker.account).post(`${MINE}/${created!.id}/answer`, { answer: 'disputed', comment: 'Cambié de opinión' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('conflict');
    const [kept] = await t.db.select().from(manualChanges).where(eq(manualChanges.id, created!.id));
    expect(kept).toMatchObject({ answer: 'agreed', answerComment: null });

    const after = (await t.as(a.worker.account).get(`${MINE}?answer=pending`)).json();
    expect(after.data.pending).toBe(2);
    expect(after.data.changes.map((c: { id: string }) => c.id)).toEqual([deleted!.id, body.data.changes[1].id]);

    // The admin's list shows each answer, and can filter one worker's disputes.
    const adminList = (await t.as(a.admin).get(`${ADMIN}/attendance/manual-changes?employeeId=${a.worker.id}&answer=disputed`)).json();
    expect(adminList.data.changes).toHaveLength(1);
    expect(adminList.data.changes[0]).toMatchObject({ employeeName: `Rosa Quispe Acuerdo`, answer: 'disputed', answerComment: 'Entré a las 08:15, no 08:30' });
    expect((await t.as(a.admin).get(`${ADMIN}/attendance/manual-changes`)).json().data.pending).toBe(2);

    // The register shows the state.
    for (const format of ['xlsx', 'pdf'] as const) {
      const text = await register(a, format);
      expect(text).toContain('Motivo: Olvidó marcar al entrar. Trabajador: Conforme');
      expect(text).toContain('Trabajador: En desacuerdo ("Entré a las 08:15, no 08:30")');
    }
  });

  it("cannot answer another worker's or another company's change (404, unchanged); the admin cannot answer for the worker", async () => {
    const a = await seed('Propia');
    const b = await seed('Ajena');
    await changeByHand(a);
    await changeByHand(b);
    const [mine] = (await t.as(a.worker.account).get(MINE)).json().data.changes as { id: string }[];
    const [theirs] = (await t.as(b.worker.account).get(MINE)).json().data.changes as { id: string }[];

    // The colleague sees none of Rosa's, and cannot answer them.
    expect((await t.as(a.other.account).get(MINE)).json().data).toEqual({ changes: [], pending: 0 });
    const colleague = await t.as(a.other.account).post(`${MINE}/${mine!.id}/answer`, { answer: 'agreed' });
    expect(colleague.statusCode).toBe(404);
    expect(colleague.json()).toMatchObject({ code: 'not_found', message: 'Cambio manual no encontrado' });
    // Another company's worker: the same 404.
    expect((await t.as(a.worker.account).post(`${MINE}/${theirs!.id}/answer`, { answer: 'agreed' })).statusCode).toBe(404);
    // The admin: not an employee route at all.
    expect((await t.as(a.admin).post(`${MINE}/${mine!.id}/answer`, { answer: 'agreed' })).statusCode).toBe(403);
    // Another company's admin does not see them.
    const foreign = (await t.as(b.admin).get(`${ADMIN}/attendance/manual-changes?employeeId=${a.worker.id}`)).json();
    expect(foreign.data).toEqual({ changes: [], pending: 0 });

    const answers = await t.db.select({ answer: manualChanges.answer }).from(manualChanges).where(eq(manualChanges.id, mine!.id));
    expect(answers).toEqual([{ answer: 'pending' }]);
    expect((await t.db.select({ answer: manualChanges.answer }).from(manualChanges).where(eq(manualChanges.id, theirs!.id)))[0]?.answer).toBe('pending');
  });
});

describe('earlier manual changes (from the activity log) become manual changes at the upgrade (migration 0015)', () => {
  it('copies created, edited, deleted and permission entries with author and reason, pending; skips other activity', async () => {
    const a = await seed('Antes');
    const [record] = await t.db
      .insert(attendanceRecords)
      .values({ companyId: a.company.id, employeeId: a.worker.id, date: '2026-02-02', status: 'present' })
      .returning();
    const base = { companyId: a.company.id, employeeId: a.worker.id, actorUserId: a.admin.id };
    await t.db.insert(activityLog).values([
      {
        ...base,
        createdAt: new Date('2026-02-02T15:00:00Z'),
        type: 'attendance_edit',
        title: 'activity.createdByAdmin',
        details: { date: '2026-02-02', changes: { checkIn: null }, previousValues: null, reason: 'Olvidó', method: 'manual' },
      },
      {
        ...base,
        createdAt: new Date('2026-02-02T16:00:00Z'),
        type: 'permission_granted',
        title: 'activity.editedByAdmin',
        details: { date: '2026-02-02', changes: { isPermission: true }, previousValues: { isPermission: false }, reason: ' ', method: 'manual' },
      },
      {
        ...base,
        createdAt: new Date('2026-02-03T16:00:00Z'),
        type: 'attendance_edit',
        title: 'activity.deletedByAdmin',
        details: { date: '2026-02-03', previousValues: {}, deletedRecord: { id: record!.id }, reason: 'Duplicado', method: 'manual' },
      },
      { ...base, type: 'attendance_check_in', title: 'activity.checkIn', details: { date: '2026-02-02', method: 'web' } },
    ]);
    const migration = readFileSync(new URL('../../db/migrations/0015_manual_changes_protect.sql', import.meta.url), 'utf8');
    await t.db.execute(sql.raw(migration.split('--> statement-breakpoint')[0]!));
    const rows = await t.db.select().from(manualChanges).where(eq(manualChanges.companyId, a.company.id)).orderBy(manualChanges.createdAt);
    expect(rows.map((r) => [r.action, r.date, r.authorName, r.reason, r.answer, r.recordId === record!.id])).toEqual([
      ['created', '2026-02-02', 'Carla Admin Antes', 'Olvidó', 'pending', true],
      ['updated', '2026-02-02', 'Carla Admin Antes', null, 'pending', true],
      ['deleted', '2026-02-03', 'Carla Admin Antes', 'Duplicado', 'pending', true],
    ]);
  });
});
