import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGuidedTour, login, mainTarget, see, toast, useBrowser } from '../support/app.js';
import { OFFICE_SCHEDULE, openTab, seedCompany } from '../support/attendance.js';
import { expectAccessible } from '../support/axe.js';
import { shot } from '../support/browser.js';

/**
 * Issue 24 item 3 (decision 0058): the admin registers a webhook in Configuración, copies the secret shown once,
 * an attendance record reaches a local receiver signed with it, and the delivery log shows the 200; axe finds
 * nothing critical or serious on the card and its dialogs, desktop and phone.
 */
const browser = useBrowser();
const main = mainTarget();

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(200).end();
  });
});
let receiverUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/presente`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe(`webhooks ${main.title}`, () => {
  it('registers an endpoint, shows its secret once, delivers a signed event and logs it', async () => {
    const seeded = await seedCompany(main, OFFICE_SCHEDULE, '2026-01-01');
    expect((await seeded.api.post('/company-admin-simple/tour/complete')).status).toBe(200);
    const { page } = await browser.open(main.baseUrl);
    await login(page, seeded.admin.adminEmail, seeded.admin.password);
    await closeGuidedTour(page);
    await openTab(page, 'Configuración', '/company-admin/settings');
    const card = page.getByTestId('webhooks-card');
    await see(card.getByText('Aún no hay webhooks'));
    await card.getByRole('button', { name: 'Nuevo webhook' }).click();

    const dialog = page.getByRole('dialog', { name: 'Nuevo webhook' });
    await dialog.getByRole('textbox', { name: 'URL de destino' }).fill('no es una url');
    await dialog.getByRole('checkbox', { name: /Marcación registrada/ }).uncheck();
    await dialog.getByRole('button', { name: 'Crear webhook' }).click();
    await see(dialog.getByText('Ingresa una URL válida (https://...)'));
    await see(dialog.getByText('Elige al menos un evento'));
    await expectAccessible(page, 'webhook form with errors');

    await dialog.getByRole('textbox', { name: 'URL de destino' }).fill(receiverUrl);
    await dialog.getByRole('textbox', { name: 'Descripción (opcional)' }).fill('Nómina');
    await dialog.getByRole('checkbox', { name: /Marcación registrada/ }).check();
    await dialog.getByRole('button', { name: 'Crear webhook' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Copia el secreto ahora' });
    const secret = (await see(secretDialog.getByTestId('webhook-secret'))).innerText();
    const shown = await secret;
    expect(shown).toMatch(/^whsec_/);
    await shot(page, 'webhook-secret-desktop');
    await expectAccessible(page, 'webhook secret dialog');
    await secretDialog.getByRole('button', { name: 'Ya lo copié' }).click();
    const row = card.getByTestId('webhook-row');
    await see(row.getByText(receiverUrl));
    await see(row.getByText('Activo', { exact: true }));
    // The secret is never shown again: the row has only its first characters.
    expect(await card.innerText()).not.toContain(shown);

    // A manual record (as the admin would make it) is delivered to the receiver, signed with the secret.
    const record = await seeded.api.post('/company-admin-simple/attendance', {
      employeeId: seeded.employee.id,
      date: '2026-02-02',
      checkIn: '08:00',
      checkOut: '17:00',
      reason: 'Prueba de webhook',
    });
    expect(record.status).toBe(201);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const [hit] = received;
    const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(hit.headers['presente-signature'])) ?? [];
    expect(createHmac('sha256', shown).update(`${ts}.${hit.body}`).digest('hex')).toBe(v1);
    const event = JSON.parse(hit.body);
    expect(event).toMatchObject({ type: 'attendance.recorded', data: { action: 'created', record: { date: '2026-02-02' }, reason: 'Prueba de webhook' } });

    await row.getByRole('button', { name: `Acciones de ${receiverUrl}` }).click();
    await page.getByRole('menuitem', { name: 'Ver entregas' }).click();
    const log = page.getByRole('dialog', { name: `Entregas de ${receiverUrl}` });
    const line = log.getByTestId('webhook-delivery');
    await see(line.getByText('Entregado'));
    await see(line.getByText('200', { exact: true }));
    await see(line.getByText(event.id));
    await shot(page, 'webhook-deliveries-desktop');
    await expectAccessible(page, 'webhook deliveries dialog');
    await log.getByRole('button', { name: 'Reenviar' }).click();
    await see(toast(page, 'Entrega programada de nuevo'));
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(JSON.parse(received[1].body).id).toBe(event.id);
  });

  it('is readable and accessible on a phone', async () => {
    const seeded = await seedCompany(main, OFFICE_SCHEDULE, '2026-01-01');
    expect((await seeded.api.post('/company-admin-simple/tour/complete')).status).toBe(200);
    expect((await seeded.api.post('/company-admin-simple/webhooks', { url: receiverUrl, events: ['employee.created', 'attendance.recorded'] })).status).toBe(
      201,
    );
    const { page } = await browser.open(main.baseUrl, { mobile: true });
    await login(page, seeded.admin.adminEmail, seeded.admin.password);
    await closeGuidedTour(page);
    await page.goto('/company-admin/settings');
    const row = page.getByTestId('webhook-row');
    await see(row.getByText(receiverUrl));
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'webhooks-phone');
    await expectAccessible(page, 'webhooks card on a phone');
  });
});
