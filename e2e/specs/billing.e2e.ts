import { describe, expect, it } from 'vitest';
import { closeGuidedTour, dismissToasts, gone, login, see, targets, toast, useBrowser } from '../support/app.js';
import { approveInSimulator, ddmmyyyy, employeeFields, fieldValue, freeCompanyWithEmployees, openTab, shotBoth } from '../support/billing.js';

/**
 * Journey of issue 6 "Plans and billing" in the built-in simulator (no PayPal credentials): a FREE
 * company at its 5-employee limit upgrades to PREMIUM 10 through the approval page, adds its sixth
 * employee, revises to 12, and cancels (spec §1, §2, §4, §5, §8).
 */
const browser = useBrowser();

for (const target of targets()) {
  describe.skipIf(!target.baseUrl)(`plans and billing in the simulator ${target.title}`, () => {
    const screens = target.name === 'pglite';

    it('FREE at its limit → PREMIUM 10 → sixth employee → revised to 12 → cancelled', async () => {
      const { company, api } = await freeCompanyWithEmployees(target.baseUrl, 5);
      // The plan refuses a sixth employee on FREE.
      const refused = await api.post('/company-admin-simple/employees', employeeFields('E6'));
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('plan_limit_reached');

      const { page } = await browser.open(target.baseUrl);
      await login(page, company.adminEmail, company.password);
      await closeGuidedTour(page);
      await dismissToasts(page);

      // Employees tab: at the limit, "Nuevo empleado" leads to the upgrade prompt, which leads to Suscripción.
      await openTab(page, 'Empleados', '/company-admin/employees');
      await see(page.getByText('Empleados: 5/5'));
      await see(page.getByText('Límite alcanzado'));
      await page.getByRole('button', { name: 'Nuevo empleado' }).click();
      const prompt = await see(page.getByRole('dialog', { name: 'Actualiza tu plan' }));
      await see(prompt.getByText('Límite de empleados de tu plan: 5.'));
      await prompt.getByRole('button', { name: 'Ver planes y actualizar' }).click();
      await page.waitForURL((url) => url.pathname === '/company-admin/subscription');

      // Suscripción on FREE: test mode, plans, price preview 2.50 × 10.
      await see(page.getByText('Modo de prueba', { exact: true }));
      await see(page.getByRole('heading', { name: 'Actualiza a Premium' }));
      await see(page.getByText('2.50 USD por empleado al mes'));
      expect(await (await see(page.getByRole('link', { name: 'Contactar a ventas' }))).getAttribute('href')).toMatch(/^(mailto:ventas@presente\.app|https?:)/);
      const count = page.getByLabel('Número de empleados');
      expect(await count.inputValue()).toBe('5');
      await count.fill('4');
      await see(page.getByText('Número de empleados debe estar entre 5 y 1000'));
      expect(await page.getByRole('button', { name: 'Continuar (modo de prueba)' }).isDisabled()).toBe(true);
      await count.fill('10');
      await see(page.getByTestId('price-preview').getByText('10 empleados × 2.50 USD = 25.00 USD al mes'));
      if (screens) await shotBoth(page, 'subscription-free');

      // Pay through the simulator's approval page, come back PREMIUM.
      await page.getByRole('button', { name: 'Continuar (modo de prueba)' }).click();
      await approveInSimulator(
        page,
        { title: 'Aprobar suscripción Premium', employees: 10, total: '25.00' },
        screens ? 'subscription-simulator-approval' : undefined,
      );
      await see(toast(page, '¡Suscripción activada exitosamente!'), 20_000);
      await see(page.getByRole('heading', { name: 'Suscripción Premium' }));
      await see(page.getByText('Activa', { exact: true }));
      const nextMonth = new Date();
      nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
      expect(await fieldValue(page, 'Empleados contratados')).toBe('10');
      expect(await fieldValue(page, 'Próximo cobro')).toBe(ddmmyyyy(nextMonth));
      expect(await fieldValue(page, 'Último pago')).toContain('25.00 USD');
      expect(await fieldValue(page, 'Pagos fallidos')).toBe('0');
      await see(page.getByText('5 / 10'));
      await gone(page.getByRole('heading', { name: 'Actualiza a Premium' }));
      await dismissToasts(page);
      if (screens) await shotBoth(page, 'subscription-premium-active');

      // The sixth employee is now accepted, through the employee form.
      await openTab(page, 'Empleados', '/company-admin/employees');
      await see(page.getByText('Empleados: 5/10'));
      await page.getByRole('button', { name: 'Nuevo empleado' }).click();
      const form = await see(page.getByRole('dialog', { name: 'Nuevo empleado' }));
      const sixth = employeeFields('E6');
      await form.getByLabel(/^Nombre/).fill(sixth.firstName);
      await form.getByLabel(/^Apellido/).fill(sixth.lastName);
      await form.getByLabel(/^Email/).fill(sixth.email);
      await form.getByLabel(/^Código de empleado/).fill(sixth.employeeCode);
      await form.getByRole('button', { name: 'Crear empleado' }).click();
      await gone(page.getByRole('dialog', { name: 'Nuevo empleado' }));
      await see(page.getByText('Empleados: 6/10'));
      await see(page.getByRole('cell', { name: sixth.email }));
      await dismissToasts(page);

      // Revise to 12: the simulator asks for approval like PayPal does for a quantity change.
      await openTab(page, 'Suscripción', '/company-admin/subscription');
      await page.getByRole('button', { name: 'Gestionar suscripción' }).click();
      const manage = await see(page.getByRole('dialog', { name: 'Gestionar suscripción' }));
      await see(manage.getByText('Empleados contratados actualmente: 10'));
      await manage.getByLabel('Nuevo número de empleados').fill('12');
      await manage.getByRole('button', { name: 'Actualizar suscripción' }).click();
      await approveInSimulator(page, { title: 'Aprobar cambio de suscripción', employees: 12, total: '30.00' });
      await see(toast(page, 'Suscripción actualizada exitosamente'), 20_000);
      await expect.poll(() => fieldValue(page, 'Empleados contratados'), { timeout: 10_000 }).toBe('12');
      await see(page.getByText('6 / 12'));
      await dismissToasts(page);

      // Cancel: 'No, mantener' keeps it; 'Sí, cancelar' cancels with Premium until the paid period ends.
      await page.getByRole('button', { name: 'Cancelar suscripción' }).click();
      let dialog = await see(page.getByRole('dialog', { name: 'Cancelar suscripción' }));
      await see(dialog.getByText(company.companyName, { exact: false }));
      await dialog.getByRole('button', { name: 'No, mantener' }).click();
      await gone(page.getByRole('dialog', { name: 'Cancelar suscripción' }));
      await see(page.getByText('Activa', { exact: true }));
      await page.getByRole('button', { name: 'Cancelar suscripción' }).click();
      dialog = await see(page.getByRole('dialog', { name: 'Cancelar suscripción' }));
      if (screens) await shotBoth(page, 'subscription-cancel-dialog');
      await dialog.getByRole('button', { name: 'Sí, cancelar' }).click();
      await see(toast(page, /^Suscripción cancelada\. Mantendrás Premium hasta el final del periodo pagado\. Acceso hasta el \d{2}\/\d{2}\/\d{4}\.$/));
      await see(page.getByText('Cancelada', { exact: true }));
      await see(page.getByText(`Mantienes Premium hasta el ${ddmmyyyy(nextMonth)}.`, { exact: false }));
      await see(page.getByText('Para reactivar la suscripción contacta a soporte.'));
      await gone(page.getByRole('button', { name: 'Gestionar suscripción' }));
      await gone(page.getByRole('button', { name: 'Cancelar suscripción' }));
      // Premium stays in force until the end of the paid period; the day the data goes is said too.
      expect(await fieldValue(page, 'Empleados contratados')).toBe('12');
      const deletion = new Date(nextMonth.getTime() + 30 * 86_400_000);
      await see(page.getByText(`Tus datos se eliminarán el ${ddmmyyyy(deletion)}.`));
      // The billing history: every step with its date, the first payment with its amount.
      const history = page.getByRole('table', { name: 'Historial de facturación' });
      for (const event of ['Suscripción cancelada', 'Suscripción actualizada', 'Suscripción Premium activada'])
        await see(history.getByText(event, { exact: true }));
      await see(history.getByRole('row').filter({ hasText: 'Pago de suscripción recibido' }).filter({ hasText: '25.00 USD' }));
      await dismissToasts(page);
      if (screens) await shotBoth(page, 'subscription-cancelled');
    });
  });
}
