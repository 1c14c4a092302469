import { describe, expect, it } from 'vitest';
import { billingText } from './billing.mails.js';
import type { LifecycleStep } from './lifecycle.js';

const params = {
  companyName: 'Andes SAC',
  timezone: 'America/Lima',
  deletionAt: '2026-12-31T12:00:00Z',
  accessUntil: '2026-12-01T12:00:00Z',
  graceEndsAt: '2026-12-08T12:00:00Z',
};

describe('billing mails', () => {
  // Deleting the company removes its attendance records too (decision 0008): every mail that announces it says to export first.
  it.each<LifecycleStep>(['payment_failed', 'grace_expired', 'cancelled', 'expired', 'access_ended'])(
    '%s tells the admin to export before the deletion',
    (step) => {
      expect(billingText(step, 'es', params).body).toContain('exporta el registro de asistencia y los reportes (pestañas Asistencia y Reportes)');
      expect(billingText(step, 'en', params).body).toContain('export the attendance register and the reports (Attendance and Reports tabs)');
    },
  );

  it.each<LifecycleStep>(['activated', 'payment_completed', 'revised', 'deleted'])('%s does not', (step) => {
    expect(billingText(step, 'es', params).body).not.toContain('exporta');
  });
});
