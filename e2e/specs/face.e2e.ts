import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGuidedTour, dismissToasts, login, see, type Target, toast } from '../support/app.js';
import { COMPANY_TZ, companyNow, dayCell, openTab, type SeededCompany, scheduleStartingNow, seedCompany, showMonth } from '../support/attendance.js';
import { launch, outbox, shot } from '../support/browser.js';
import { cameraBrowser, faceFixturesDir, makeFaceVideos } from '../support/face.js';
import { makePuppet, type PuppetBrowser, puppetBrowser, puppetHolding } from '../support/puppet-camera.js';
import { artifactsDir, type RunningServer, startServer } from '../support/server.js';
import { moveServerClock, serverClockEnv } from '../support/server-clock.js';
import { timing } from '../support/timings.js';

/**
 * What the kiosk page says it recorded and sent (its `data-kiosk-burst`: frame callbacks, frames taken, skipped and
 * failed, the gaps sent, where the time went), for the run's timing lines (issue 17: the timeline refusals).
 */
async function burstNote(page: Page): Promise<string> {
  const raw = await page.locator('[data-kiosk-burst]').getAttribute('data-kiosk-burst');
  if (!raw) return 'burst: not reported';
  const b = JSON.parse(raw) as Record<string, number | number[]> & { turnFrames?: { recorded: number; moving: number } };
  const gaps = b.gaps as number[];
  const turn = b.turnFrames ? `, turn frames ${b.turnFrames.moving} moving of ${b.turnFrames.recorded}` : '';
  return `burst: ${gaps.length + 1} sent of ${b.taken} taken (${b.callbacks} frame callbacks, ${b.skipped} skipped, ${b.failed} failed${turn}), gaps ${gaps.join('/')} ms (longest sent ${Math.max(...gaps)}, recorded ${b.longestGapMs}); prepare ${b.prepareMs} ms, record ${b.recordMs} ms, send ${b.sendMs ?? '?'} ms`;
}

/** The kiosk's liveness refusals, which now say what to do (decision 0057). */
// Refused by the burst check (decision 0049/0063): steps not followed, not live, a jump between frames, two people.
const LIVENESS_REFUSED =
  /No se siguieron las indicaciones|No se pudo verificar que estés|no parecen de una sola persona|No todas las imágenes muestran a la misma persona|La imagen cambió de golpe/;
/**
 * The burst's timeline check (`burst_timing`). The photo-pair journey was refused by it in 2 of 5 runs instead of by
 * continuity or flatness (decision 0063); explained in its amendment (the page's main thread starved under load,
 * thinning that left more than the recording's longest gap). Still a refusal of the attack, kept apart so the run's
 * timing line says which check refused it (and the line gives the burst's gaps).
 */
const TIMELINE_REFUSED = /La cámara no envió imágenes suficientes o a tiempo/;

/**
 * The face attendance journey (spec §2 face registration, links, QR, public page; §4 face registration
 * states): the admin cannot enrol an employee without the worker's own consent (decision 0035): the screen is handed
 * over, the worker reads the notice and signs with name, document and the code mailed to them; then the camera
 * enrols the face. The admin creates a link and
 * prints its QR, then a kiosk marks the employee's attendance with the head-turn challenge and the
 * admin's calendar shows the check-in by face. The camera is a puppet (decision 0066): a textured 3-D head rendered
 * from a frontal fixture photo (decision 0040) that enrols facing the camera and, at the kiosk, answers each prompt
 * live, whatever the challenge asks and in whatever order (the photos are never stored in the repository).
 *
 * The journey runs on its own server whose clock the test sets (support/server-clock.mjs): 10:00 in Lima on the
 * current date, so the shift, the punch and the calendar day never straddle midnight (issue 21 item 5).
 */
const fixtures = faceFixturesDir();
/** The company's time of day the server's clock is set to. */
const SERVER_TIME = '10:00';

interface ScreenLight {
  face: { corr: number; gain: number };
  contrast: number | null;
}
/** What the journey's server logged about its last refused mark: the check, the steps found, the poses (or ''). */
function lastRefusal(): string {
  const file = join(artifactsDir, 'server-face.log');
  if (!existsSync(file)) return '';
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes('kiosk mark refused'))
    .pop();
  try {
    const { msg, liveness } = JSON.parse(line ?? '{}');
    if (!liveness) return msg ?? '';
    const { failure, stepFrames, poses, gaps, frame } = liveness;
    return JSON.stringify({ msg, failure, frame, stepFrames, poses, gaps });
  } catch {
    return '';
  }
}
/** The last screen-light score the journey's server logged ('kiosk screen light'), or null. */
function lastScreenLight(): ScreenLight | null {
  const file = join(artifactsDir, 'server-face.log');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"kiosk screen light"'));
  try {
    return lines.length ? (JSON.parse(lines[lines.length - 1]).screenLight ?? null) : null;
  } catch {
    return null;
  }
}

/** The instant `hhmm` on `ymd` in Lima (UTC-5 all year, no daylight saving). */
const limaInstant = (ymd: string, hhmm: string) => Date.parse(`${ymd}T${hhmm}:00-05:00`);

describe.skipIf(!fixtures)('face attendance: enrol by camera, link and QR, kiosk check-in (PGlite)', () => {
  let server: RunningServer;
  let main: Target;
  let browser: Browser;
  let seeded: SeededCompany;
  let enrolCam: PuppetBrowser;
  let kioskCam: PuppetBrowser;
  let token = '';
  /** The one-time code the admin made in Configuración → Vincular kiosco (decision 0033). */
  let pairCode = '';
  /** The company's date on the server's clock. */
  let today = '';

  beforeAll(async () => {
    let clock: Record<string, string> = {};
    const [started, launched] = await Promise.all([startServer('face', {}, { prepare: async (dataDir) => (clock = serverClockEnv(dataDir)) }), launch()]);
    [server, browser] = [started, launched];
    main = { name: 'pglite', title: 'own server on a set clock', baseUrl: server.url, dataDir: server.dataDir };
    // The server's clock: SERVER_TIME in Lima on the current date.
    const offset = limaInstant(companyNow().date, SERVER_TIME) - Date.now();
    await moveServerClock(server.url, clock, offset);
    const serverNow = () => new Date(Date.now() + offset);
    today = companyNow(serverNow()).date;
    expect(COMPANY_TZ).toBe('America/Lima');
    // The employee's shift started 2 minutes before the server's time: the check-in is on time, whatever the wall clock.
    seeded = await seedCompany(main, scheduleStartingNow(serverNow()), today, { documentNumber: '45678912' });
    const clips = await makePuppet(join(fixtures!, 'stock-a', 'stock-emotions-a-1.jpg'), browser);
    timing('face: puppet clips rendered (0 when cached)', clips.renderMs);
    [enrolCam, kioskCam] = await Promise.all([puppetBrowser(clips, browser), puppetBrowser(clips, browser)]);
    // Its own server (≤ 90 s to start) and the first rendering of the clips (≈ 25 s, then cached) under load.
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the admin opts in to enrolment photos, then registers the employee face from the camera after the biometric notice', async () => {
    const { admin, employee } = seeded;
    const { page } = await enrolCam.open(main.baseUrl);
    await login(page, admin.adminEmail, admin.password);
    await closeGuidedTour(page);

    // Settings → Reconocimiento facial: the threshold and its explanation, and the photo opt-in.
    await openTab(page, 'Configuración', '/company-admin/settings');
    const faceCard = page.getByTestId('face-settings-card');
    await see(faceCard.getByText(/Más bajo = más estricto/));
    await expect(faceCard.getByTestId('face-threshold-value').textContent()).resolves.toBe('0.55');
    await faceCard.getByRole('switch', { name: /^Guardar una foto de registro por empleado/ }).check();
    await faceCard.getByRole('button', { name: 'Guardar' }).click();
    await see(toast(page, 'Configuración de reconocimiento facial guardada'));
    await dismissToasts(page);
    await shot(page, 'face-00-settings');

    await openTab(page, 'Empleados', '/company-admin/employees');
    const row = page.getByRole('row').filter({ hasText: employee.name });
    await see(row.getByText('Pendiente'));
    await row.getByRole('button', { name: `Registrar rostro: ${employee.name}` }).click();

    const modal = page.getByRole('dialog', { name: `Registrar rostro: ${employee.name}` });
    // Decision 0035 (Ley 29733 art. 13.6): no box for the admin to tick, no way to the camera without the worker.
    await see(modal.getByText(`Falta el consentimiento de ${employee.name}`));
    await expect(modal.getByRole('checkbox').count()).resolves.toBe(0);
    await expect(modal.getByRole('button', { name: 'Continuar' }).count()).resolves.toBe(0);
    // A script in the admin's own session, sending the old tick, is refused by the API, naming what is missing.
    const direct = await page.evaluate(async (employeeId) => {
      const form = new FormData();
      form.append('employeeId', employeeId);
      form.append('consentAccepted', 'true');
      for (let i = 0; i < 3; i++) form.append('image', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }), `c${i}.jpg`);
      const res = await fetch('/api/company-admin-simple/face-recognition/register', { method: 'POST', body: form, credentials: 'same-origin' });
      return { status: res.status, body: await res.json() };
    }, employee.id);
    expect(direct.status).toBe(400);
    expect(direct.body).toMatchObject({ code: 'consent_required', message: expect.stringMatching(/^Falta el consentimiento del trabajador/) });
    await shot(page, 'face-01-consent-missing');

    // The admin hands the screen over: a code goes to the worker's mail; the worker reads the notice and signs.
    await modal.getByRole('button', { name: 'Entregar la pantalla al trabajador' }).click();
    // The company keeps a photo: the notice says so.
    await see(modal.getByText(/y una foto de registro \(la mejor captura\), que solo ven los administradores/));
    const accept = modal.getByRole('button', { name: 'Acepto' });
    await expect(accept.isDisabled()).resolves.toBe(true);
    let code = '';
    await expect
      .poll(
        () =>
          (code =
            /(\d{6})/.exec(
              outbox(main.dataDir)
                .filter((m) => m.to === employee.email && /código/i.test(m.subject))
                .at(-1)?.subject ?? '',
            )?.[1] ?? ''),
        {
          timeout: 15_000,
        },
      )
      .toMatch(/^\d{6}$/);
    await modal.getByRole('textbox', { name: /Nombre completo/ }).fill(employee.name.toUpperCase());
    await modal.getByRole('textbox', { name: /Número de documento/ }).fill('45678912');
    // A wrong code first (what an admin guessing would type): refused, the camera stays closed.
    await modal.getByRole('textbox', { name: /Código de 6 dígitos/ }).fill(code === '000000' ? '000001' : '000000');
    await accept.click();
    await see(modal.getByText('El código no es válido o expiró. Pide uno nuevo.'));
    await modal.getByRole('textbox', { name: /Código de 6 dígitos/ }).fill(code);
    await shot(page, 'face-01-notice');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'face-01-notice-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await accept.click();

    // Human guides the capture: three frontal captures are taken by themselves once the face is steady.
    const guide = modal.getByRole('status');
    await see(guide.filter({ hasText: /Perfecto|Quédate quieto|Capturas listas|Guía no disponible/ }), 60_000).catch(async (err: Error) => {
      await shot(page, 'face-02-capture-stuck');
      throw new Error(`the enrolment guidance never saw a steady face: "${(await guide.allInnerTexts()).join(' | ')}"`, { cause: err });
    });
    const captures = modal.getByTestId('face-capture');
    if (await guide.filter({ hasText: /Guía no disponible/ }).isVisible()) {
      // Human did not load within the page's 30 s (a loaded machine): the page asks for manual captures, and the
      // worker, facing the camera, presses Capturar three times.
      console.warn('enrolment: the live guidance did not load in time; capturing by hand as the page asks');
      for (let n = 1; n <= 3; n++) {
        await modal.getByRole('button', { name: 'Capturar', exact: true }).click();
        await expect.poll(() => captures.count(), { timeout: 15_000 }).toBe(n);
      }
    }
    await expect.poll(() => captures.count(), { timeout: 30_000 }).toBe(3);
    await shot(page, 'face-02-captures');
    // The consent code's toast may still sit over the modal's footer (and Mantine pauses it while the pointer is on
    // it): a person closes it first, as here.
    await dismissToasts(page);
    await modal.getByRole('button', { name: 'Registrar', exact: true }).click();
    await see(modal.getByText('Reconocimiento facial registrado exitosamente'), 60_000);
    await shot(page, 'face-03-registered');
    await modal.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await see(row.getByText('Registrado'));
    await see(row.getByRole('button', { name: `Actualizar rostro: ${employee.name}` }));

    // The kept photo, in the employee's information (an authenticated, uncached image).
    await row.getByRole('button', { name: `Ver información: ${employee.name}` }).click();
    const info = page.getByRole('dialog');
    const photo = info.getByRole('img', { name: `Foto de registro de ${employee.name}` });
    await see(photo);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    await shot(page, 'face-03b-photo');
    await page.keyboard.press('Escape');
    expect(enrolCam.takeErrors()).toEqual([]);
    // Its own waits (Human loading, the server's analysis) add up to more than the default 90 s under load.
  }, 300_000);

  it('the admin creates a link, views its QR and prints it', async () => {
    const { admin } = seeded;
    const { page } = await enrolCam.open(main.baseUrl);
    await login(page, admin.adminEmail, admin.password);
    await openTab(page, 'Configuración', '/company-admin/settings');
    const card = page.getByTestId('attendance-links-card');
    await see(card.getByText('No hay enlaces de asistencia configurados'));
    await card.getByRole('button', { name: 'Nuevo enlace' }).click();
    const create = page.getByRole('dialog', { name: 'Nuevo enlace de asistencia' });
    await create.getByRole('button', { name: 'Crear enlace' }).click();
    await see(create.getByText('El nombre del enlace es requerido'));
    await create.getByLabel(/Nombre del enlace/).fill('Entrada principal');
    const created = page.waitForResponse((r) => r.url().endsWith('/face-recognition/attendance-link') && r.request().method() === 'POST');
    await create.getByRole('button', { name: 'Crear enlace' }).click();
    token = ((await (await created).json()) as { data: { token: string } }).data.token;
    await see(toast(page, 'Enlace creado exitosamente'));
    const linkRow = card.getByTestId('attendance-link-row').filter({ hasText: 'Entrada principal' });
    await see(linkRow.getByText('Activo'));
    await see(linkRow.getByText('Sin expiración'));
    await expect(linkRow.getByRole('link', { name: 'Abrir enlace: Entrada principal' }).getAttribute('href')).resolves.toBe(
      `${main.baseUrl}/attendance/${token}`,
    );
    await dismissToasts(page);
    await shot(page, 'face-04-links');

    // The Free plan allows one link: a second one opens the upgrade prompt.
    await card.getByRole('button', { name: 'Nuevo enlace' }).click();
    await see(page.getByRole('dialog', { name: /Actualiza|Mejora|plan/i }));
    await page.keyboard.press('Escape');

    await linkRow.getByRole('button', { name: 'Ver QR: Entrada principal' }).click();
    const qr = page.getByRole('dialog', { name: 'Código QR: Entrada principal' });
    await see(qr.getByTestId('link-qr'));
    await see(qr.getByText(`${main.baseUrl}/attendance/${token}`));
    await shot(page, 'face-05-qr');
    const [printPage] = await Promise.all([page.context().waitForEvent('page'), qr.getByRole('button', { name: 'Imprimir' }).click()]);
    await printPage.waitForLoadState();
    expect(await printPage.title()).toBe('Asistencia por Reconocimiento Facial');
    await see(printPage.getByText(seeded.admin.companyName));
    await see(printPage.getByText('Entrada principal'));
    const qrSize = await printPage.locator('img#qr').evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth]);
    expect(qrSize).toEqual([true, 256]);
    await shot(printPage, 'face-06-print');
    await printPage.close();

    // Only paired kiosks mark: the admin makes a one-time code for the entrance tablet.
    await page.keyboard.press('Escape');
    await qr.waitFor({ state: 'hidden' });
    const kiosks = page.getByTestId('kiosks-card');
    await see(kiosks.getByText('Desde esta versión, los enlaces existentes funcionan solo en dispositivos vinculados', { exact: false }));
    await kiosks.getByRole('button', { name: 'Vincular kiosco' }).click();
    const pairDialog = page.getByRole('dialog', { name: 'Vincular kiosco' });
    await pairDialog.getByLabel('Nombre del kiosco').fill('Recepción');
    await pairDialog.getByRole('button', { name: 'Crear código' }).click();
    const shown = page.getByTestId('kiosk-pairing-code-shown');
    await see(shown);
    pairCode = ((await shown.textContent()) ?? '').trim();
    expect(pairCode).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await see(page.getByRole('img', { name: 'QR para vincular el kiosco Recepción' }));
    await shot(page, 'face-06b-pair-code');
    await page.getByRole('button', { name: 'Listo' }).click();
    expect(enrolCam.takeErrors()).toEqual([]);
  });

  it('a kiosk marks the check-in: the person answers each prompt of the challenge; the admin calendar shows it by face', async () => {
    expect(token, 'the link of the previous test').not.toBe('');
    const { page } = await kioskCam.open(main.baseUrl);
    await page.goto(`/attendance/${token}`);
    // An unpaired browser cannot mark: the page asks for the pairing code, and the API refuses it clearly.
    await see(page.getByTestId('kiosk-pairing-reason').getByText(/Solo los kioscos que el administrador vinculó pueden marcar asistencia/));
    const refused = await page.evaluate(async (link) => {
      const res = await fetch(`/api/public/attendance/${link}/challenge`, { method: 'POST' });
      return { status: res.status, body: await res.json() };
    }, token);
    expect(refused).toEqual({
      status: 403,
      body: {
        code: 'kiosk_not_paired',
        message: 'Este dispositivo no es un kiosco vinculado a la empresa. Pide al administrador un código en Configuración → Vincular kiosco.',
      },
    });
    await shot(page, 'face-06c-kiosk-unpaired');
    await page.getByTestId('kiosk-pairing-code').fill(pairCode);
    await page.getByRole('button', { name: 'Vincular kiosco' }).click();
    await see(page.getByTestId('kiosk-company').getByText(seeded.admin.companyName));
    await see(page.getByText('Entrada principal'));
    const start = page.getByRole('button', { name: 'Marcar asistencia' });
    await expect.poll(() => start.isEnabled(), { timeout: 20_000 }).toBe(true);
    await shot(page, 'face-07-kiosk');
    const startedAt = Date.now();
    await start.click();
    const step = page.getByTestId('kiosk-step');
    await see(step, 30_000);
    timing('kiosk: click to the first pose shown', Date.now() - startedAt);
    // The puppet answers each prompt after a person's reaction time and holds the pose: the kiosk mid-step (a turn),
    // on a desktop, then at the next prompt on a phone-sized screen.
    const result = page.getByTestId('kiosk-result');
    const refusal = page.getByTestId('kiosk-refusal');
    const shown = () => page.evaluate(() => document.querySelector('[data-testid="kiosk-step"]')?.getAttribute('data-step') ?? null);
    const ended = () => result.or(refusal).isVisible();
    await expect.poll(async () => (await ended()) || ((await shown()) ?? 'straight') !== 'straight', { timeout: 30_000 }).toBe(true);
    const turned = await shown();
    if (turned) {
      await puppetHolding(page);
      await shot(page, 'face-08-kiosk-step');
      await expect.poll(async () => (await ended()) || (await shown()) !== turned, { timeout: 30_000 }).toBe(true);
    }
    if (await shown()) {
      await page.setViewportSize({ width: 390, height: 844 });
      await puppetHolding(page);
      await shot(page, 'face-08b-kiosk-step-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await see(result.or(refusal), 90_000);
    // The first attempt must pass: the person does what each prompt asks (no retry allowance since the puppet,
    // decision 0066). A refusal names what the puppet answered and any prompt it could not.
    const answered = kioskCam.takeAnswers();
    await expect.poll(async () => (await burstNote(page)).includes('send ?'), { timeout: 10_000 }).toBe(false);
    const sent = await burstNote(page);
    if (await refusal.isVisible())
      expect.fail(
        `the kiosk refused the marking: ${await refusal.textContent()} (the puppet answered ${answered.join(', ')}; ${kioskCam.takeErrors().join('; ')}; ${sent}; the server's evidence: ${lastRefusal()})`,
      );
    await see(result.getByText('Entrada registrada'));
    await see(result.getByText(seeded.employee.name));
    // Walk-through finding 26: the genuine check-in's click-to-result time stays in the run's timings.
    timing('kiosk: click to "Entrada registrada"', Date.now() - startedAt, `prompts answered: ${answered.join(', ')}; ${sent}`);
    // Every challenge has a turn, recorded densely. With the screen's colour sequence the page does not narrow it to
    // the moving frames (decision 0085's amendment): every frame of the window stays a turn's frame.
    const { turnFrames } = JSON.parse((await page.locator('[data-kiosk-burst]').getAttribute('data-kiosk-burst')) ?? '{}');
    expect(turnFrames.recorded, sent).toBeGreaterThan(0);
    expect(turnFrames.moving, sent).toBe(turnFrames.recorded);
    // The puppet's head is lit by the page's colours (decision 0073): its face follows the sequence, more than the wall
    // behind (the photo pair: corr 0.07-0.43, contrast ≤ 0.01). The score is logged and kept, not a gate.
    await expect.poll(() => lastScreenLight() !== null, { timeout: 10_000 }).toBe(true);
    const light = lastScreenLight();
    timing('kiosk: screen light of the genuine check-in', 0, JSON.stringify(light));
    expect(light?.face.corr, JSON.stringify(light)).toBeGreaterThanOrEqual(0.6);
    expect(light?.contrast ?? 0, JSON.stringify(light)).toBeGreaterThan(0.02);
    await shot(page, 'face-09-kiosk-result');
    expect(kioskCam.takeErrors()).toEqual([]);

    const admin = await enrolCam.open(main.baseUrl);
    await login(admin.page, seeded.admin.adminEmail, seeded.admin.password);
    await openTab(admin.page, 'Asistencia', '/company-admin/attendance');
    // The month of the server's date, not of the browser's clock.
    await showMonth(admin.page, today);
    await dayCell(admin.page, seeded.employee.name, today, 'Presente').click();
    const day = admin.page.getByRole('dialog');
    await see(day.getByText('Reconocimiento facial'));
    // The evidence of the punch: match, liveness with each frame, the link.
    const evidence = day.getByTestId('face-evidence');
    await see(evidence.getByText('Prueba de vida superada'));
    await see(evidence.getByText(/^Distancia 0\.\d{3} \(umbral 0\.55\)/));
    await see(evidence.getByText(/Enlace: Entrada principal/));
    expect(await evidence.getByRole('table', { name: 'Fotogramas de la prueba de vida' }).getByRole('row').count()).toBeGreaterThanOrEqual(4);
    await shot(admin.page, 'face-09b-evidence');

    // The admin sees the kiosk that marked: its last use and address; desktop and phone.
    await admin.page.keyboard.press('Escape');
    await openTab(admin.page, 'Configuración', '/company-admin/settings');
    const row = admin.page.getByTestId('kiosk-row').filter({ hasText: 'Recepción' });
    await see(row.getByText('Activo'));
    await see(row.getByText(/Último uso: .*· IP /));
    await row.scrollIntoViewIfNeeded();
    await shot(admin.page, 'face-09c-kiosks');
    const desktop = admin.page.viewportSize();
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await row.scrollIntoViewIfNeeded();
    await shot(admin.page, 'face-09d-kiosks-mobile');
    if (desktop) await admin.page.setViewportSize(desktop);
    // Its own waits (Human loading, the server's analysis) add up to more than the default 90 s under load.
  }, 300_000);

  // Issue 17's photo-pair attack (a frontal photo, a turned photo and its mirror, held to the camera in turn): the page
  // records one continuous burst (decision 0063) and the server refuses the swap between pictures as a jump, or the
  // steps as not followed (decision 0049). Before the burst this journey was an `it.fails`: the attack passed.
  it('the photo-pair attack (a frontal photo, a turned photo and its mirror) on a paired kiosk is refused by liveness', async () => {
    expect(token, 'the link of the earlier test').not.toBe('');
    const attack = await cameraBrowser((await makeFaceVideos(fixtures!)).kiosk);
    try {
      const { page } = await attack.open(main.baseUrl);
      const code = await seeded.api.post<{ code: string }>('/company-admin-simple/face-recognition/kiosk-pairing-codes', { name: 'Fotos' });
      await page.goto(`/attendance/${token}#pair=${code.body.data!.code}`);
      await expect.poll(() => page.getByTestId('kiosk-pairing-code').inputValue()).toBe(code.body.data!.code);
      await page.getByRole('button', { name: 'Vincular kiosco' }).click();
      const start = page.getByRole('button', { name: 'Marcar asistencia' });
      await expect.poll(() => start.isEnabled(), { timeout: 20_000 }).toBe(true);
      const startedAt = Date.now();
      await start.click();
      const result = page.getByTestId('kiosk-result');
      const refusal = page.getByTestId('kiosk-refusal');
      await see(result.or(refusal), 90_000);
      const refused = await refusal.isVisible();
      const text = (await (refused ? refusal : result).allInnerTexts()).join(' ').replace(/\s+/g, ' ').trim();
      const livenessRefused = refused && (LIVENESS_REFUSED.test(text) || TIMELINE_REFUSED.test(text));
      const answeredMs = Date.now() - startedAt;
      await expect.poll(async () => (await burstNote(page)).includes('send ?'), { timeout: 10_000 }).toBe(false);
      timing(
        'kiosk: photo-pair attack, click to the answer',
        answeredMs,
        `${!livenessRefused ? 'passed liveness' : TIMELINE_REFUSED.test(text) ? 'refused by the timeline check' : 'refused by liveness'}: ${text}; ${await burstNote(page)}`,
      );
      // The attack's screen-light score (a logged feature, decision 0073), from the journey's own server log.
      timing('kiosk: screen light of the photo-pair attack', 0, JSON.stringify(lastScreenLight()));
      await shot(page, 'face-09e-photo-pair-attack');
      expect(attack.takeErrors()).toEqual([]);
      expect(livenessRefused, text).toBe(true);
    } finally {
      await attack.close();
    }
  }, 300_000);

  it('the kiosk fits a phone; a deactivated or unknown link shows a clear page', async () => {
    const { page } = await kioskCam.open(main.baseUrl, { mobile: true });
    // The phone pairs through the admin's QR: it opens the link with the code filled in.
    const phoneCode = await seeded.api.post<{ code: string }>('/company-admin-simple/face-recognition/kiosk-pairing-codes', { name: 'Teléfono' });
    await page.goto(`/attendance/${token}#pair=${phoneCode.body.data!.code}`);
    await expect.poll(() => page.getByTestId('kiosk-pairing-code').inputValue()).toBe(phoneCode.body.data!.code);
    await shot(page, 'face-10a-kiosk-pairing-mobile');
    await page.getByRole('button', { name: 'Vincular kiosco' }).click();
    await see(page.getByTestId('kiosk-company').getByText(seeded.admin.companyName));
    await expect.poll(() => page.getByRole('button', { name: 'Marcar asistencia' }).isEnabled(), { timeout: 20_000 }).toBe(true);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await shot(page, 'face-10-kiosk-mobile');

    const links = await seeded.api.get<{ id: string; token: string }[]>('/company-admin-simple/face-recognition/attendance-links');
    const link = links.body.data!.find((l) => l.token === token)!;
    expect((await seeded.api.request('PATCH', `/company-admin-simple/face-recognition/attendance-link/${link.id}/toggle`, { isActive: false })).status).toBe(
      200,
    );
    await page.reload();
    await see(page.getByTestId('kiosk-link-gone').getByText('Este enlace de asistencia está desactivado.'));
    await shot(page, 'face-11-kiosk-inactive-mobile');
    await page.goto('/attendance/no-existe-este-enlace');
    await see(page.getByTestId('kiosk-link-gone').getByText('Enlace de asistencia no válido.'));
    expect((await seeded.api.request('PATCH', `/company-admin-simple/face-recognition/attendance-link/${link.id}/toggle`, { isActive: true })).status).toBe(
      200,
    );
    expect(kioskCam.takeErrors()).toEqual([]);
  }, 180_000);

  it('the employee sees the face registration in Settings and withdraws consent', async () => {
    const { employee } = seeded;
    const { page } = await enrolCam.open(main.baseUrl);
    await login(page, employee.email, employee.password, '/employee');
    await page.goto('/employee/settings');
    await see(page.getByText('Datos biométricos'));
    await see(page.getByText('Rostro registrado'));
    await shot(page, 'face-12-employee-biometric');
    // The printable record of the consent the worker signed on the enrolment screen.
    const record = page.getByRole('link', { name: /Ver constancia/ });
    const href = await record.getAttribute('href');
    const printable = await page.context().newPage();
    await printable.goto(href!);
    await see(printable.getByText('Constancia de consentimiento biométrico'));
    await see(printable.getByText('En la pantalla de registro, con el código enviado a su correo'));
    await see(printable.getByText('45678912'));
    await shot(printable, 'face-12-consent-record');
    await printable.setViewportSize({ width: 390, height: 844 });
    await shot(printable, 'face-12-consent-record-phone');
    await printable.close();
    await page.getByRole('button', { name: 'Retirar consentimiento' }).click();
    await page.getByRole('dialog', { name: 'Retirar consentimiento' }).getByRole('button', { name: 'Retirar y eliminar' }).click();
    await see(toast(page, 'Consentimiento retirado. Tus datos faciales fueron eliminados.'));
    await see(page.getByText('Sin registro facial'));
    // The worker can sign again here, in their own account (decision 0035).
    await see(page.getByRole('button', { name: 'Acepto' }));
    await shot(page, 'face-13-employee-sign');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'face-13-employee-sign-phone');

    // The admin's list is back to 'Pendiente'.
    const list = await seeded.api.get<{ id: string; faceData: unknown }[]>('/company-admin-simple/employees');
    expect(list.body.data!.find((e) => e.id === employee.id)?.faceData).toBeNull();
    // The enrolment photo went with the templates.
    expect((await seeded.api.request('GET', `/company-admin-simple/face-recognition/photo/${employee.id}`)).status).toBe(404);
    expect(enrolCam.takeErrors()).toEqual([]);
  });
});

describe.skipIf(fixtures)('face attendance: SKIPPED, no face fixtures (set FACE_FIXTURES_DIR; with CI=true faceFixturesDir fails the file)', () => {
  it.skip('needs stock-a/stock-emotions-a-1.jpg and -2.jpg', () => {});
});
