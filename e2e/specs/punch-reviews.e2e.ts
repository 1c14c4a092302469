import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeGuidedTour, login, see, targets, toast, useBrowser } from '../support/app.js';
import { addDays, companyNow, OFFICE_SCHEDULE, openTab, type SeededCompany, seedCompany } from '../support/attendance.js';
import { expectAccessible } from '../support/axe.js';
import { shot } from '../support/browser.js';

/**
 * "Marcaciones por revisar" (issue 17 item 8, decision 0061): the admin sees the count beside Asistencia, the flagged
 * kiosk punches on the attendance tab with their reasons and evidence, confirms one and annuls the other with a reason.
 *
 * The two flagged punches are written straight into the PostgreSQL server's database, as the kiosk would leave them
 * (a face_recognition record with its evidence and a punch_reviews row): a kiosk punch that the server flags needs a
 * face at a controlled distance, which the real engine does not give on demand. Which punches the kiosk flags, in
 * its transaction, is the server tests' part (modules/punch-reviews/punch-reviews.test.ts).
 */
const browser = useBrowser();
const onPg = targets()[1];
const dbUrl = inject('pgDatabaseUrl');

const evidence = (distance: number, spoofScore: number) => ({
  checkIn: {
    linkName: 'Recepción',
    kioskName: 'Tablet de recepción',
    distance,
    runnerUp: null,
    threshold: 0.55,
    worstDistance: distance,
    margin: null,
    liveness: { passed: true, steps: ['straight', 'left', 'right'], spoofScore, maxDistance: 0.31 },
    location: null,
  },
});

describe.skipIf(!onPg.baseUrl || !dbUrl)('punches to review: the admin confirms one and annuls the other (PostgreSQL)', () => {
  const today = companyNow().date;
  const days = [addDays(today, -2), addDays(today, -1)];
  let seeded: SeededCompany;
  let db: pg.Client;
  const recordIds: string[] = [];

  beforeAll(async () => {
    seeded = await seedCompany(onPg, OFFICE_SCHEDULE, addDays(today, -30));
    expect((await seeded.api.post('/company-admin-simple/tour/complete')).status).toBe(200);
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const reasons = [
      [{ code: 'near_threshold', value: 0.521, limit: 0.5 }],
      [
        { code: 'weak_liveness', measure: 'spoofScore', value: 0.41, limit: 0.5 },
        { code: 'outside_schedule', value: 185, limit: 120 },
      ],
    ];
    for (const [i, date] of days.entries()) {
      const checkIn = i === 0 ? '07:58' : '04:55';
      const created = await seeded.api.post<{ id: string }>('/company-admin-simple/attendance', {
        employeeId: seeded.employee.id,
        date,
        checkIn,
        reason: 'semilla',
      });
      expect(created.status).toBe(201);
      const id = created.body.data!.id;
      recordIds.push(id);
      // As the kiosk leaves a punch: by face, with its evidence, not manual; and flagged in punch_reviews.
      const { rows } = await db.query(
        `update attendance_records set method = 'face_recognition', is_manual = false, manual_reason = null, evidence = $2
         where id = $1 returning company_id, employee_id, date::text, check_in`,
        [id, JSON.stringify(evidence(i === 0 ? 0.521 : 0.38, i === 0 ? 0.74 : 0.41))],
      );
      await db.query(
        `insert into punch_reviews (company_id, record_id, employee_id, date, kind, punched_at, reasons) values ($1, $2, $3, $4, 'check_in', $5, $6)`,
        [rows[0].company_id, id, rows[0].employee_id, rows[0].date, rows[0].check_in, JSON.stringify(reasons[i])],
      );
    }
  });
  afterAll(async () => {
    await db?.end();
  });

  it('on a phone the list shows who, when, why and the evidence, and axe finds nothing serious', async () => {
    const { page } = await browser.open(onPg.baseUrl, { mobile: true });
    await login(page, seeded.admin.adminEmail, seeded.admin.password);
    await closeGuidedTour(page);
    await page.goto('/company-admin/attendance');
    const section = page.getByRole('region', { name: 'Marcaciones por revisar' });
    await see(section.getByText('2 por revisar'));
    await expect.poll(() => section.getByRole('article').count(), { timeout: 15_000 }).toBe(2);
    await see(section.getByText('Coincidencia justa: distancia 0.521 (revisión desde 0.500)'));
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'punch-reviews-phone');
    await expectAccessible(page, 'punch reviews on a phone');
  });

  it('the admin sees the count, confirms one punch and annuls the other with a reason', async () => {
    const { admin, employee } = seeded;
    const { page } = await browser.open(onPg.baseUrl);
    await login(page, admin.adminEmail, admin.password);
    await closeGuidedTour(page);
    const badge = page.getByRole('navigation').getByTestId('punch-review-badge');
    await see(badge);
    expect(await badge.textContent()).toBe('2');
    await openTab(page, 'Asistencia', '/company-admin/attendance');
    // Off the sidebar: the hovered active link's light colours are the sidebar's own, judged by the other journeys at rest.
    await page.mouse.move(700, 5);
    const section = page.getByRole('region', { name: 'Marcaciones por revisar' });
    const shown = (ymd: string) => ymd.split('-').reverse().join('/');
    const first = section.getByRole('article', { name: `${employee.name}, Entrada del ${shown(days[0])} a las 07:58` });
    const second = section.getByRole('article', { name: `${employee.name}, Entrada del ${shown(days[1])} a las 04:55` });
    await see(first.getByText('Distancia 0.521 (umbral 0.55)', { exact: false }));
    await see(second.getByText('Prueba de vida débil (spoofScore: 0.410, límite 0.500)'));
    await see(second.getByText('Fuera del horario: 185 min del turno (más de 120)'));
    await see(second.getByText('Enlace: Recepción', { exact: false }));
    await shot(page, 'punch-reviews-desktop');
    await expectAccessible(page, 'punch reviews on the attendance tab');

    await first.getByRole('button', { name: 'Confirmar' }).click();
    await see(toast(page, 'Marcación confirmada'));
    await expect.poll(() => section.getByRole('article').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe('1');

    await second.getByRole('button', { name: 'Anular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anular la marcación' });
    await dialog.getByRole('button', { name: 'Anular' }).click();
    await see(dialog.getByText('Indica el motivo de la anulación'));
    await shot(page, 'punch-reviews-annul-desktop');
    await expectAccessible(page, 'annul dialog with its error');
    await dialog.getByRole('textbox', { name: /Motivo de la anulación/ }).fill('Marcó un compañero con su foto');
    await dialog.getByRole('button', { name: 'Anular' }).click();
    await see(toast(page, 'Marcación anulada'));
    await expect.poll(() => section.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(0);

    // The confirmed punch stays; the annulled one left through the manual-change path with its reason.
    const records = await db.query('select id from attendance_records where id = any($1)', [recordIds]);
    expect(records.rows.map((r) => r.id)).toEqual([recordIds[0]]);
    const change = await db.query(`select action, reason from manual_changes where record_id = $1 and action = 'deleted'`, [recordIds[1]]);
    expect(change.rows).toEqual([{ action: 'deleted', reason: 'Marcó un compañero con su foto' }]);
    const reviews = await db.query('select resolution from punch_reviews where record_id = any($1) order by date', [recordIds]);
    expect(reviews.rows.map((r) => r.resolution)).toEqual(['confirmed', 'annulled']);
  });
});
