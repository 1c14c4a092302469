import {
  attendanceSettingsAnswer,
  type CompanySettings,
  companySettingsAnswer,
  dataAnswer,
  integrityAnswer,
  pageAnswer,
  receiptLookupAnswer,
  workLocationAnswer,
} from '@presente/shared';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { mockAnswer, mockPage, sessionRoutes } from '../../test/answers';
import { ADMIN, tourAnswer } from '../../test/companyAdmin';
import { mockApi, renderApp } from '../../test/renderApp';

configure({ asyncUtilTimeout: 10_000 });

const SETTINGS: CompanySettings = {
  id: 'c1',
  name: 'Andes Textiles S.A.C.',
  ruc: '20100070970',
  legalName: 'Andes Textiles Sociedad Anónima Cerrada',
  email: 'contacto@andes.pe',
  address: null,
  city: 'Lima',
  country: 'PE',
  plan: 'FREE',
  status: 'ACTIVE',
  currentEmployees: 3,
  maxEmployees: 5,
  timezone: 'America/Lima',
  locale: 'es-PE',
  usage: { employees: { used: 3, limit: 5 }, schedules: { used: 1, limit: 1 }, locations: { used: 0, limit: 1 }, links: { used: 0, limit: 1 } },
};
const RECEIPT: z.input<typeof receiptLookupAnswer>['data'] = {
  id: 'r1',
  code: '3F2A-91C0-7B4D',
  kind: 'check_in',
  date: '2026-03-02',
  checkIn: '2026-03-02T13:55:00.000Z',
  checkOut: null,
  checkInTime: '08:55',
  checkOutTime: null,
  method: 'face_recognition',
  place: 'Sede Central',
  issuedAt: '2026-03-02T13:55:01.000Z',
  employeeId: 'e1',
  employeeName: 'Luis Quispe',
  seq: 7,
  chainMatches: true,
};

describe("the admin's register integrity card (decision 0053)", { timeout: 40_000 }, () => {
  it('shows the first broken link, the head hash, the RUC and razón social, and resolves a receipt code', async () => {
    mockApi({
      ...sessionRoutes(ADMIN),
      'GET /api/company-admin-simple/tour/status': tourAnswer(),
      'GET /api/company-admin-simple/company/settings': mockAnswer(dataAnswer(companySettingsAnswer), { data: SETTINGS }),
      'GET /api/company-admin-simple/work-locations': mockPage(pageAnswer(workLocationAnswer), []),
      'GET /api/company-admin-simple/company/attendance-settings': mockAnswer(attendanceSettingsAnswer, { data: { openRecordGraceHours: 4 } }),
      'GET /api/company-admin-simple/attendance/integrity': mockAnswer(integrityAnswer, {
        data: { ok: false, entries: 12, headHash: 'ab'.repeat(32), broken: { seq: 5, recordId: 'x', date: '2026-03-04', reason: 'content' } },
      }),
      'GET /api/company-admin-simple/attendance/receipts/3f2a91c07b4d': mockAnswer(receiptLookupAnswer, { data: RECEIPT }),
    });
    renderApp('/company-admin/settings');
    const card = await screen.findByRole('region', { name: 'Integridad del registro de asistencia' });
    await within(card).findByText('Cadena rota en la entrada 5 (día 04/03/2026): un registro fue cambiado o borrado fuera del sistema');
    expect(within(card).getByText('ab'.repeat(32))).toBeTruthy();
    expect(await screen.findByDisplayValue('20100070970')).toBeTruthy();
    expect(screen.getByDisplayValue('Andes Textiles Sociedad Anónima Cerrada')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(within(card).getByLabelText('Código de comprobante'), '3f2a91c07b4d');
    await user.click(within(card).getByRole('button', { name: 'Buscar' }));
    await within(card).findByText('Comprobante de Luis Quispe');
    expect(within(card).getByText('Entrada · 02/03/2026 · 08:55')).toBeTruthy();
    expect(within(card).getByText('El código coincide con la cadena')).toBeTruthy();
  });
});
