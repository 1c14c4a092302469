import { describe, expect, it } from 'vitest';
import { billingMail, billingText } from './billing.mails.js';
import type { LifecycleStep } from './lifecycle.js';

const params = {
  companyName: 'Andes SAC',
  timezone: 'America/Lima',
  deletionAt: '2026-12-31T12:00:00Z',
  accessUntil: '2026-12-01T12:00:00Z',
  graceEndsAt: '2026-12-08T12:00:00Z',
};

describe('billing mails', () => {
  // Deleting the company removes the reports, not the attendance register (kept 5 years; decision 0034): every mail that
  // announces it says to export the reports first and that the register stays, with a link when it happens.
  it.each<LifecycleStep>(['payment_failed', 'grace_expired', 'cancelled', 'expired', 'access_ended'])(
    '%s tells the admin to export the reports before the deletion and that the register is kept',
    (step) => {
      expect(billingText(step, 'es', params).body).toContain('exporta los reportes (pestaña Reportes)');
      expect(billingText(step, 'es', params).body).toContain('El registro de control de asistencia se conserva 5 años');
      expect(billingText(step, 'en', params).body).toContain('export the reports (Reports tab)');
      expect(billingText(step, 'en', params).body).toContain('The attendance register is kept for 5 years');
    },
  );

  it.each<LifecycleStep>(['activated', 'payment_completed', 'revised', 'deleted'])('%s does not', (step) => {
    expect(billingText(step, 'es', params).body).not.toContain('exporta');
  });

  it('deleted carries the 30-day link to the whole register', () => {
    const p = { ...params, registerUrl: 'https://presente.example/api/public/register/abc', registerLinkUntil: '2027-01-30T12:00:00Z' };
    const mail = billingMail('deleted', 'es', 'admin@andes.pe', p);
    expect(mail.links).toEqual(['https://presente.example/api/public/register/abc']);
    expect(mail.text).toContain('válido hasta el 30/01/2027');
    expect(mail.text).toContain('salvo el registro de control de asistencia');
  });
});
