import { dataAnswer, FACE_NOTICE_VERSION, faceConsentState, faceConsentSummary, savedAnswer } from '@presente/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { mockAnswer, mockRefusal } from '../../test/answers';
import { mockApi, renderApp } from '../../test/renderApp';
import { employeeRoutes } from '../employee-area/test/fixtures';

configure({ asyncUtilTimeout: 10_000 });

const CONSENT = 'GET /api/employee/face-consent';
const state = (consent: z.input<typeof faceConsentState>['consent'], registered = false) =>
  mockAnswer(dataAnswer(faceConsentState), {
    data: {
      registered,
      faceData: registered ? { confidence: 0.9, createdAt: '2026-03-02T15:00:00.000Z', isActive: true } : null,
      consent,
      noticeVersion: FACE_NOTICE_VERSION,
    },
  });
const card = async () => (await screen.findByText('Datos biométricos', {}, { timeout: 25_000 })).closest('.mantine-Paper-root') as HTMLElement;

describe("the worker's own biometric consent (employee settings)", { timeout: 40_000 }, () => {
  it('shows the notice with its version and signs with the typed full name and document number', async () => {
    const fetchMock = mockApi(
      employeeRoutes({
        [CONSENT]: state(null),
        'POST /api/employee/face-consent': mockAnswer(
          savedAnswer(faceConsentSummary),
          {
            data: { id: 'c-2', acceptedAt: '2026-03-02T15:00:00.000Z', noticeVersion: FACE_NOTICE_VERSION, method: 'employee', confirmBy: null, valid: true },
            message: 'Consentimiento registrado',
          },
          201,
        ),
      }),
    );
    const { user } = renderApp('/employee/settings');
    const box = await card();
    expect(await within(box).findByText(/Guardamos una plantilla numérica de tu rostro/)).toBeInTheDocument();
    expect(within(box).getByText(`Versión del aviso: ${FACE_NOTICE_VERSION}`)).toBeInTheDocument();
    const accept = within(box).getByRole('button', { name: 'Acepto' });
    expect(accept).toBeDisabled();
    await user.type(within(box).getByRole('textbox', { name: /Nombre completo/ }), 'Luis Quispe');
    await user.type(within(box).getByRole('textbox', { name: /Número de documento/ }), '70123456');
    await user.click(accept);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/employee/face-consent') && init?.method === 'POST')).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/employee/face-consent') && init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ fullName: 'Luis Quispe', documentNumber: '70123456', noticeVersion: FACE_NOTICE_VERSION });
  });

  it("marks the field the server refused (a document that is not the worker's)", async () => {
    const message = 'El número de documento no coincide con el registrado para este trabajador.';
    mockApi(
      employeeRoutes({
        [CONSENT]: state(null),
        'POST /api/employee/face-consent': mockRefusal(400, 'validation_failed', message, { errors: [{ path: 'documentNumber', message }] }),
      }),
    );
    const { user } = renderApp('/employee/settings');
    const box = await card();
    await user.type(await within(box).findByRole('textbox', { name: /Nombre completo/ }), 'Luis Quispe');
    await user.type(within(box).getByRole('textbox', { name: /Número de documento/ }), '1');
    await user.click(within(box).getByRole('button', { name: 'Acepto' }));
    expect(await within(box).findByText(message)).toBeInTheDocument();
  });

  it('asks to confirm an enrolment an admin ticked, with its deadline; withdrawal stays one click away', async () => {
    mockApi(
      employeeRoutes({
        [CONSENT]: state(
          {
            id: 'c-9',
            acceptedAt: '2026-01-02T15:00:00.000Z',
            noticeVersion: FACE_NOTICE_VERSION,
            method: 'admin_legacy',
            confirmBy: '2026-12-26T15:00:00.000Z',
            valid: false,
          },
          true,
        ),
      }),
    );
    renderApp('/employee/settings');
    const box = await card();
    expect(await within(box).findByText('Confirma tu consentimiento')).toBeInTheDocument();
    expect(within(box).getByText(/antes del 26\/12\/2026, tu registro facial se eliminará/)).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Retirar consentimiento' })).toBeEnabled();
  });

  it('a signed consent shows its date, version and the printable record', async () => {
    mockApi(
      employeeRoutes({
        [CONSENT]: state(
          { id: 'c-1', acceptedAt: '2026-03-02T15:00:00.000Z', noticeVersion: FACE_NOTICE_VERSION, method: 'employee', confirmBy: null, valid: true },
          true,
        ),
      }),
    );
    renderApp('/employee/settings');
    const box = await card();
    expect(await within(box).findByText(/Aceptaste el aviso de datos biométricos el 02\/03\/2026/)).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: /Ver constancia/ })).toHaveAttribute('href', '/consent-record/c-1');
    expect(within(box).queryByRole('button', { name: 'Acepto' })).not.toBeInTheDocument();
  });
});
