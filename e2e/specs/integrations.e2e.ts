import { describe, expect, it } from 'vitest';
import { closeGuidedTour, login, mainTarget, see, useBrowser } from '../support/app.js';
import { OFFICE_SCHEDULE, openTab, seedCompany } from '../support/attendance.js';
import { expectAccessible } from '../support/axe.js';
import { shot } from '../support/browser.js';

/**
 * Issue 24 item 1: Configuración → Integraciones makes a key (shown once), the key reads /api/v1, revoking it (after
 * a confirmation) answers 401 at once; axe finds nothing critical or serious on the card and the modal (decision 0048).
 */
const browser = useBrowser();
const main = mainTarget();

describe(`integrations ${main.title}`, () => {
  it('creates a read-only key on Free, reads the API with it, revokes it', async () => {
    const seeded = await seedCompany(main, OFFICE_SCHEDULE, '2026-01-01');
    expect((await seeded.api.post('/company-admin-simple/tour/complete')).status).toBe(200);
    const { page } = await browser.open(main.baseUrl);
    await login(page, seeded.admin.adminEmail, seeded.admin.password);
    await closeGuidedTour(page);
    await openTab(page, 'Configuración', '/company-admin/settings');
    // Away from the menu entry just clicked (its hover colours are the menu's, not this screen's).
    await page.mouse.move(600, 5);
    const card = page.getByTestId('integrations-card');
    await see(card.getByText('Aún no hay claves'));
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'integrations-empty');

    await card.getByRole('button', { name: 'Nueva clave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva clave' });
    await see(dialog);
    // Free: read-only only, said next to the scope.
    await see(dialog.getByText('El plan Gratuito permite una clave de solo lectura.'));
    await dialog.getByLabel('Nombre').fill('Planilla Buk');
    await expectAccessible(page, 'integrations-create');
    await dialog.getByRole('button', { name: 'Crear clave' }).click();
    const shown = page.getByTestId('api-key-shown');
    await see(shown);
    const key = ((await shown.textContent()) ?? '').trim();
    expect(key).toMatch(/^pk_live_/);
    await see(page.getByRole('button', { name: 'Copiar clave' }));
    await expectAccessible(page, 'integrations-key-shown');
    await shot(page, 'integrations-key-shown');
    await page.getByRole('button', { name: 'Listo' }).click();

    const row = card.getByTestId('api-key-row').filter({ hasText: 'Planilla Buk' });
    await see(row.getByText('Activa'));
    await see(row.getByText(key.slice(0, 12)));
    expect(await card.textContent()).not.toContain(key);

    const read = await fetch(`${main.baseUrl}/api/v1/employees`, { headers: { authorization: `Bearer ${key}` } });
    expect(read.status).toBe(200);
    expect(read.headers.get('ratelimit-limit')).toBe('120');
    expect(((await read.json()) as { data: { id: string }[] }).data.map((e) => e.id)).toEqual([seeded.employee.id]);

    await row.getByRole('button', { name: 'Revocar la clave Planilla Buk' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revocar clave' });
    await see(confirm.getByText('¿Revocar la clave «Planilla Buk»?'));
    await confirm.getByRole('button', { name: 'Revocar' }).click();
    await see(row.getByText('Revocada'));
    const after = await fetch(`${main.baseUrl}/api/v1/employees`, { headers: { authorization: `Bearer ${key}` } });
    expect(after.status).toBe(401);
    expect(after.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    await expectAccessible(page, 'integrations-revoked');
  });
});
