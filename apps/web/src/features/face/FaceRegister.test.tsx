import { FACE_NOTICE_VERSION } from '@presente/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { baseRoutes, employee, page } from '../../test/companyAdmin';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';
import { formOf, stubCamera } from './test/camera';

const REGISTER = 'POST /api/company-admin-simple/face-recognition/register';
const ANA = employee(1);

function routes(extra: MockRoutes = {}): MockRoutes {
  return baseRoutes({ 'GET /api/company-admin-simple/employees': page([ANA]), ...extra });
}

async function openModal(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Registrar rostro: Ana Flores' }, { timeout: 15_000 }));
  return screen.findByRole('dialog', { name: 'Registrar rostro: Ana Flores' });
}

describe('face registration modal', () => {
  it('opens the camera only after the employee accepts the biometric notice', async () => {
    const getUserMedia = stubCamera();
    mockApi(routes());
    const { user } = renderApp('/company-admin/employees');
    const modal = await openModal(user);
    expect(within(modal).getByText(/Guardamos una plantilla numérica de tu rostro/)).toBeInTheDocument();
    const proceed = within(modal).getByRole('button', { name: 'Continuar' });
    expect(proceed).toBeDisabled();
    await user.click(proceed);
    expect(getUserMedia).not.toHaveBeenCalled();

    await user.click(within(modal).getByRole('checkbox', { name: /Ana Flores\) acepta el aviso de datos biométricos/ }));
    expect(proceed).toBeEnabled();
    await user.click(proceed);
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(1));
    expect(await within(modal).findByRole('button', { name: 'Capturar' })).toBeInTheDocument();
  });

  it('shows the camera error of the spec when access is denied', async () => {
    stubCamera(new DOMException('denied', 'NotAllowedError'));
    mockApi(routes());
    const { user } = renderApp('/company-admin/employees');
    const modal = await openModal(user);
    await user.click(within(modal).getByRole('checkbox'));
    await user.click(within(modal).getByRole('button', { name: 'Continuar' }));
    expect(await within(modal).findByText('Acceso a la cámara denegado. Por favor, permite el acceso a la cámara.')).toBeInTheDocument();
  });

  it('uploads 3 captures with the consent, shows the refused capture, and succeeds on retry', async () => {
    stubCamera();
    let calls = 0;
    const fetchMock = mockApi(
      routes({
        [REGISTER]: () =>
          ++calls === 1
            ? {
                status: 422,
                body: {
                  message: 'El rostro se ve muy pequeño. Acércate a la cámara.',
                  code: 'face_too_small',
                  errors: [{ path: 'image[1]', message: 'El rostro se ve muy pequeño. Acércate a la cámara.' }],
                },
              }
            : {
                status: 201,
                body: {
                  data: { employeeId: ANA.id, faceData: { confidence: 0.9, createdAt: '2026-03-02T15:00:00.000Z', isActive: true }, templates: 3 },
                  message: 'Reconocimiento facial registrado exitosamente',
                },
              },
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    const modal = await openModal(user);
    await user.click(within(modal).getByRole('checkbox'));
    await user.click(within(modal).getByRole('button', { name: 'Continuar' }));
    const capture = await within(modal).findByRole('button', { name: 'Capturar' });
    await waitFor(() => expect(capture).toBeEnabled(), { timeout: 5000 });
    const submit = within(modal).getByRole('button', { name: 'Registrar' });
    await user.click(capture);
    await user.click(capture);
    expect(submit).toBeDisabled(); // 3 captures at least
    await user.click(capture);
    expect(within(modal).getAllByTestId('face-capture')).toHaveLength(3);
    await user.click(submit);

    expect(await within(modal).findByText('El rostro se ve muy pequeño. Acércate a la cámara.')).toBeInTheDocument();
    expect(within(modal).getAllByTestId('face-capture')[1]).toHaveAttribute('data-failed', 'true');
    const sent = formOf(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/face-recognition/register'))?.[1]);
    expect(sent.get('employeeId')).toBe(ANA.id);
    expect(sent.get('consentAccepted')).toBe('true');
    expect(sent.get('noticeVersion')).toBe(FACE_NOTICE_VERSION);
    expect(sent.getAll('image')).toHaveLength(3);

    // Replace the refused capture and send again.
    await user.click(within(modal).getByRole('button', { name: 'Quitar la captura 2' }));
    await user.click(capture);
    await user.click(within(modal).getByRole('button', { name: 'Reintentar' }));
    expect(await within(modal).findByText('Reconocimiento facial registrado exitosamente')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
