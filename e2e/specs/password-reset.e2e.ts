import { describe, expect, it } from 'vitest';
import { atPath, dashboardReady, login, mainTarget, pathOf, registerCompany, see, submitLogin, uniqueEmail, useBrowser } from '../support/app.js';
import { outbox, shot, waitForMail } from '../support/browser.js';

/**
 * Journey 3 (issue "Foundation"): forgotten password by email link, the reset form's rules (§5),
 * the link working once, and what an invalid link shows (§2, §8).
 */
const browser = useBrowser();
const { baseUrl, dataDir, title } = mainTarget();

const FORGOT_SUCCESS = 'Si el email existe en nuestro sistema, recibirás un enlace de recuperación';

describe(`password reset ${title}`, () => {
  it('resets the password from the mailed link; the old password stops working and the link works once', async () => {
    const admin = await registerCompany(baseUrl);
    const newPassword = 'NuevaClave-77';
    // The admin is also logged in on another device: a reset ends every session.
    const otherDevice = await browser.open(baseUrl);
    await login(otherDevice.page, admin.adminEmail, admin.password);
    const { page } = await browser.open(baseUrl);

    // /login -> /forgot-password, with the form's own messages first.
    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await atPath(page, '/forgot-password');
    await see(page.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' }));
    const send = page.getByRole('button', { name: 'Enviar enlace de recuperación' });
    await send.click();
    await see(page.getByText('Por favor ingresa tu correo electrónico', { exact: true }));
    await page.getByLabel(/^Correo electrónico/).fill('no-es-un-correo');
    await send.click();
    await see(page.getByText('Por favor ingresa un correo electrónico válido', { exact: true }));
    await shot(page, 'forgot-password-desktop');

    // Typed in capitals: the address is the same account.
    await page.getByLabel(/^Correo electrónico/).fill(admin.adminEmail.toUpperCase());
    await send.click();
    await see(page.getByRole('heading', { level: 1, name: 'Revisa tu correo' }));
    await see(page.getByText(FORGOT_SUCCESS, { exact: true }));
    await shot(page, 'forgot-password-sent-desktop');

    const mail = await waitForMail(dataDir, admin.adminEmail);
    expect(mail.subject).toBe('Presente: restablece tu contraseña');
    const link = mail.links?.find((l) => l.includes('/reset-password?token='));
    expect(link, `reset link in ${JSON.stringify(mail)}`).toBeDefined();
    // Built from the address the user used, so it opens this same site.
    expect(link!.startsWith(`${baseUrl}/reset-password?token=`)).toBe(true);
    expect(mail.text).toContain(link!);

    // The link opens the form; its rules: required, min 6, must match.
    await page.goto(link!);
    await see(page.getByRole('heading', { level: 1, name: 'Restablecer contraseña' }));
    const submit = page.getByRole('button', { name: 'Restablecer contraseña' });
    await submit.click();
    await see(page.getByText('Por favor ingresa una nueva contraseña', { exact: true }));
    await page.getByLabel(/^Nueva contraseña/).fill('12345');
    await page.getByLabel(/^Confirmar contraseña/).fill('12345');
    await submit.click();
    await see(page.getByText('La contraseña debe tener al menos 6 caracteres', { exact: true }));
    await page.getByLabel(/^Nueva contraseña/).fill(newPassword);
    await page.getByLabel(/^Confirmar contraseña/).fill('OtraClave-77');
    await submit.click();
    await see(page.getByText('Las contraseñas no coinciden', { exact: true }));
    await expect(page.getByText('La contraseña debe tener al menos 6 caracteres', { exact: true }).count()).resolves.toBe(0);
    await shot(page, 'reset-password-mismatch-desktop');

    await page.getByLabel(/^Confirmar contraseña/).fill(newPassword);
    const resetAnswer = page.waitForResponse((r) => r.url().endsWith('/api/auth/reset-password'));
    await submit.click();
    expect((await resetAnswer).status()).toBe(200);
    await see(page.getByRole('heading', { level: 1, name: 'Contraseña restablecida' }));
    await shot(page, 'reset-password-success-desktop');
    await otherDevice.page.reload();
    await atPath(otherDevice.page, '/login');
    await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
    await atPath(page, '/login');

    // The old password fails, the new one works.
    await submitLogin(page, admin.adminEmail, admin.password);
    await see(page.getByRole('alert').filter({ hasText: 'Credenciales inválidas' }));
    expect(pathOf(page)).toBe('/login');
    await submitLogin(page, admin.adminEmail, newPassword);
    await atPath(page, '/company-admin');
    await dashboardReady(page);

    // The same link again: the page asks the server as it opens and shows the invalid-link screen at once,
    // before anyone types a new password (walk-through finding 25); nothing is spent or changed.
    const again = await browser.open(baseUrl);
    await again.page.goto(link!);
    await see(again.page.getByRole('heading', { level: 1, name: 'Enlace inválido o expirado' }));
    await expect(again.page.getByLabel(/^Nueva contraseña/).count()).resolves.toBe(0);
    await shot(again.page, 'reset-password-used-link-desktop');
    await again.page.getByRole('link', { name: 'Solicitar un nuevo enlace' }).click();
    await atPath(again.page, '/forgot-password');
    await see(again.page.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' }));

    // The password is still the new one.
    await again.page.goto('/login');
    await submitLogin(again.page, admin.adminEmail, newPassword);
    await atPath(again.page, '/company-admin');
  });

  it('an unknown email gets the same screen and no mail; /reset-password without a token shows the invalid-link screen', async () => {
    const { page } = await browser.open(baseUrl);
    const nobody = uniqueEmail('nadie');
    await page.goto('/forgot-password');
    await page.getByLabel(/^Correo electrónico/).fill(nobody);
    await page.getByRole('button', { name: 'Enviar enlace de recuperación' }).click();
    await see(page.getByText(FORGOT_SUCCESS, { exact: true }));
    // The server mails before it answers: for a known address the mail is already in the outbox; here none is.
    expect(outbox(dataDir).some((m) => m.to === nobody)).toBe(false);

    await page.goto('/reset-password');
    await see(page.getByRole('heading', { level: 1, name: 'Enlace inválido o expirado' }));
    await see(page.getByText(/Este enlace de recuperación no es válido o ya expiró/));
    await shot(page, 'reset-password-no-token-desktop');
    await page.getByRole('link', { name: 'Solicitar un nuevo enlace' }).click();
    await atPath(page, '/forgot-password');
    await see(page.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' }));

    // A made-up token: the invalid-link screen at once, no form to fill in.
    await page.goto('/reset-password?token=inventado-123');
    await see(page.getByRole('heading', { level: 1, name: 'Enlace inválido o expirado' }));
    await expect(page.getByLabel(/^Nueva contraseña/).count()).resolves.toBe(0);
  });
});
