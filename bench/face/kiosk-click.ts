/**
 * A genuine check-in at the kiosk, timed as the person lives it (issue 17 "Done when": the click-to-result time), from
 * the repository root after `npm run build`:
 *
 *   npm run bench:kiosk-click -- [--fixtures ../shared/faces] [--marks 8] [--workers 2]
 *
 * The product as `npm start` runs it (built web app, PGlite, `--workers` face workers) on a fresh data folder; one
 * company, one worker enrolled from three frontal frames of a rendered 3-D head (decision 0040), a paired kiosk whose
 * camera is that head answering the kiosk's own prompts (the puppet camera of decision 0066, standing a little
 * elsewhere for each mark). `--marks` times it clicks "Marcar asistencia" and waits for the answer.
 *
 * Per mark, from the page's own figures (`data-kiosk-burst`) and the clock of this script:
 *   click → result; click → recording (`prepareMs`: the challenge fetched); the recording (`recordMs`: every step and
 *   the tail); after the recording (click → result minus both: encodings, upload, the server's analysis, the answer
 *   shown), which is what the person waits after their last move; the upload's size.
 * Stdout gets ONE JSON line: medians and p95 of each over the accepted marks, the refusals (message, time), the load. Server and
 * Chromium share this machine's cores, as the e2e journeys do: a kiosk is a separate device in a real office.
 */

import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Target } from '../../e2e/support/app.js';
import { companyNow, scheduleStartingNow, seedCompany } from '../../e2e/support/attendance.js';
import { launch } from '../../e2e/support/browser.js';
// The journeys' support reads what their global setup provides (types only: this script passes its own server).
import type {} from '../../e2e/support/global-setup.js';
import { enrolPuppet, makePuppet, puppetBrowser } from '../../e2e/support/puppet-camera.js';
import { repoRoot, startServer } from '../../e2e/support/server.js';
import { quantile } from './metrics.js';

const { values } = parseArgs({
  options: {
    fixtures: { type: 'string' },
    marks: { type: 'string', default: '8' },
    workers: { type: 'string', default: '2' },
  },
});
const fixtures = values.fixtures ?? process.env.FACE_FIXTURES_DIR;
const marks = Number(values.marks);
if (!fixtures || !(marks >= 1 && marks <= 40)) {
  console.error('usage: npm run bench:kiosk-click -- --fixtures DIR [--marks 1-40] [--workers 2]');
  process.exit(2);
}
if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
  console.error('the web app is not built: run `npm run build` first');
  process.exit(2);
}

const DOC = '45678912';
const server = await startServer('kiosk-click', { FACE_WORKERS: values.workers! });
const browser = await launch();
try {
  const target: Target = { name: 'pglite', title: 'kiosk-click', baseUrl: server.url, dataDir: server.dataDir };
  const seeded = await seedCompany(target, scheduleStartingNow(), companyNow().date, { documentNumber: DOC });
  const head = await makePuppet(join(fixtures, 'stock-a', 'stock-emotions-a-1.jpg'), browser);

  await enrolPuppet(server.url, seeded.api, seeded.employee, DOC, head);

  const link = await seeded.api.post<{ token: string }>('/company-admin-simple/face-recognition/attendance-link', { name: 'Entrada' });
  const code = await seeded.api.post<{ code: string }>('/company-admin-simple/face-recognition/kiosk-pairing-codes', { name: 'Recepción' });
  const kiosk = await puppetBrowser(head, browser);
  const { page, context } = await kiosk.open(server.url);
  // The mark's upload: the sizes of its form's parts (Chromium does not show a multipart body of blobs to Playwright).
  await context.addInitScript(() => {
    const send = window.fetch;
    window.fetch = (input, init) => {
      if (init?.body instanceof FormData && String(input).endsWith('/mark'))
        (window as unknown as { __markBytes: number }).__markBytes = [...init.body.values()].reduce(
          (n, v) => n + (typeof v === 'string' ? v.length : v.size),
          0,
        );
      return send(input, init);
    };
  });
  const bytes = () => page.evaluate(() => (window as unknown as { __markBytes?: number }).__markBytes ?? 0);
  // The person faces the screen again before the next tap (the puppet back at rest; a tap the instant a refusal shows
  // caught the head still coming back from the last turn: an extra turn, refused).
  const atRest = () =>
    page.waitForFunction(() => (window as unknown as { __puppet?: { phase: string } }).__puppet?.phase === 'straight:0', undefined, { timeout: 10_000 });
  await page.goto(`/attendance/${link.body.data!.token}#pair=${code.body.data!.code}`);
  await page.getByTestId('kiosk-pairing-code').waitFor();
  await page.waitForFunction(
    (c) => (document.querySelector('[data-testid="kiosk-pairing-code"]') as HTMLInputElement | null)?.value === c,
    code.body.data!.code,
  );
  await page.getByRole('button', { name: 'Vincular kiosco' }).click();
  const start = page.getByRole('button', { name: 'Marcar asistencia' });

  const runs: { ms: number; prepareMs: number; recordMs: number; afterMs: number; sendMs: number; bytes: number; outcome: string; steps: string[] }[] = [];
  const result = page.getByTestId('kiosk-result');
  const refusal = page.getByTestId('kiosk-refusal');
  let refused = false;
  for (let i = 0; i < marks; i++) {
    // After a refusal the person taps "Intentar de nuevo", which starts the next challenge at once: that is the click.
    if (!refused)
      await page.waitForFunction(
        () => {
          const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Marcar asistencia');
          return b !== undefined && !b.disabled;
        },
        undefined,
        { timeout: 60_000 },
      );
    await atRest();
    const t0 = Date.now();
    await (refused ? refusal.getByRole('button').last() : start).click();
    await refusal.waitFor({ state: 'hidden' });
    await result.or(refusal).waitFor({ timeout: 90_000 });
    const ms = Date.now() - t0;
    // The page writes its send time just after it shows the answer.
    await page.waitForFunction(() => JSON.parse(document.querySelector('[data-kiosk-burst]')?.getAttribute('data-kiosk-burst') ?? '{}').sendMs !== undefined);
    const info = JSON.parse((await page.locator('[data-kiosk-burst]').getAttribute('data-kiosk-burst')) ?? '{}');
    refused = await refusal.isVisible();
    const outcome = refused ? `refused: ${(await refusal.textContent())?.slice(0, 80)}` : 'accepted';
    const run = {
      ms,
      prepareMs: info.prepareMs,
      recordMs: info.recordMs,
      afterMs: ms - info.prepareMs - info.recordMs,
      sendMs: info.sendMs,
      bytes: await bytes(),
      outcome,
      steps: kiosk.takeAnswers(),
    };
    runs.push(run);
    console.error(`#${i + 1} ${JSON.stringify(run)}`);
    if (!refused) await result.getByRole('button').last().click();
  }
  const errors = kiosk.takeErrors();
  if (errors.length) console.error(`puppet: ${errors.join('; ')}`);
  await context.close();

  const figure = (key: 'ms' | 'prepareMs' | 'recordMs' | 'afterMs' | 'sendMs' | 'bytes') => {
    // A check-in's figures: the accepted marks (a refusal's wait is in `refused`).
    const xs = runs.filter((r) => r.outcome === 'accepted').map((r) => r[key]);
    return { p50: Math.round(quantile(xs, 0.5)), p95: Math.round(quantile(xs, 0.95)) };
  };
  const refusedCodes = runs.filter((r) => r.outcome !== 'accepted').map((r) => `${r.outcome} (${r.ms} ms)`);
  console.log(
    JSON.stringify({
      bench: 'kiosk-click',
      db: 'pglite',
      faceWorkers: Number(values.workers),
      marks,
      accepted: runs.length - refusedCodes.length,
      refused: refusedCodes,
      clickToResultMs: figure('ms'),
      clickToRecordingMs: figure('prepareMs'),
      recordingMs: figure('recordMs'),
      afterRecordingMs: figure('afterMs'),
      sendMs: figure('sendMs'),
      uploadBytes: figure('bytes'),
      steps: runs.map((r) => r.steps.filter((s) => s !== 'straight').join('+')),
      load: loadavg().map((l) => Math.round(l * 100) / 100),
    }),
  );
} finally {
  await browser.close();
  await server.stop();
}
