import {
  adminConsentStatus,
  consentCodeSent,
  dataAnswer,
  FACE_NOTICE_PHOTO_VERSION,
  FACE_NOTICE_VERSION,
  faceConsentSummary,
  faceRegisterResult,
  faceSettings,
} from '@presente/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockAnswer, mockRefusal } from '../../test/answers';
import { baseRoutes, employee, employeesPage } from '../../test/companyAdmin';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';
import { formOf, stubCamera } from './test/camera';
import { fakeGuide, resetFakeGuide, seenFace } from './test/fakeGuide';

// Human cannot run in jsdom: the camera "sees" what each test scripts (test/fakeGuide.ts).
vi.mock('./camera/faceGuide', async () => (await import('./test/fakeGuide')).fakeFaceGuideModule);

const REGISTER = 'POST /api/company-admin-simple/face-recognition/register';
const SETTINGS = 'GET /api/company-admin-simple/face-recognition/settings';
const ANA = employee(1);
const settings = (keepEnrolmentPhotos: boolean) =>
  mockAnswer(dataAnswer(faceSettings), { data: { matchThreshold: 0.55, keepEnrolmentPhotos, storedPhotos: 0 } });
const CONSENT = `GET /api/company-admin-simple/face-recognition/consent/${ANA.id}`;
/** The worker's own consent (decision 0035): signed in their account, for the company's current notice. */
const signed = (noticeVersion: typeof FACE_NOTICE_VERSION | typeof FACE_NOTICE_PHOTO_VERSION = FACE_NOTICE_VERSION) =>
  mockAnswer(dataAnswer(adminConsentStatus), {
    data: {
      consent: { id: 'c-1', acceptedAt: '2026-03-02T15:00:00.000Z', noticeVersion, method: 'employee', confirmBy: null, valid: true },
      noticeVersion,
      hasDocument: true,
      maskedEmail: 'a***@example.com',
    },
  });

function routes(extra: MockRoutes = {}): MockRoutes {
  return baseRoutes({ 'GET /api/company-admin-simple/employees': employeesPage([ANA]), [SETTINGS]: settings(false), [CONSENT]: signed(), ...extra });
}

beforeEach(() => resetFakeGuide());

async function openModal(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Registrar rostro: Ana Flores' }, { timeout: 15_000 }));
  return screen.findByRole('dialog', { name: 'Registrar rostro: Ana Flores' });
}

describe('face registration modal', () => {
  it("without the worker's consent, hands the screen over: the worker signs with name, document and the mailed code, then the camera opens", async () => {
    const getUserMedia = stubCamera();
    const missing = mockAnswer(dataAnswer(adminConsentStatus), {
      data: { consent: null, noticeVersion: FACE_NOTICE_VERSION, hasDocument: true, maskedEmail: 'a***@example.com' },
    });
    const fetchMock = mockApi(
      routes({
        [CONSENT]: missing,
        'POST /api/company-admin-simple/face-recognition/consent-code': mockAnswer(dataAnswer(consentCodeSent), {
          data: { maskedEmail: 'a***@example.com' },
          message: 'Código enviado',
        }),
        'POST /api/company-admin-simple/face-recognition/consent': mockAnswer(
          dataAnswer(faceConsentSummary),
          { data: { id: 'c-2', acceptedAt: '2026-03-02T15:00:00.000Z', noticeVersion: FACE_NOTICE_VERSION, method: 'office', confirmBy: null, valid: true } },
          201,
        ),
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    const modal = await openModal(user);
    expect(await within(modal).findByText('Falta el consentimiento de Ana Flores')).toBeInTheDocument();
    // No box for the admin to tick, no way to the camera from here.
    expect(within(modal).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Continuar' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Entregar la pantalla al trabajador' }));
    expect(await within(modal).findByText(/Guardamos una plantilla numérica de tu rostro/)).toBeInTheDocument();
    // The server's sentence, inside the modal (a corner toast covered the "Acepto" button at 1280x800).
    expect(within(modal).getByRole('status')).toHaveTextContent('Código enviado');
    const accept = within(modal).getByRole('button', { name: 'Acepto' });
    expect(accept).toBeDisabled();
    await user.type(within(modal).getByRole('textbox', { name: /Nombre completo/ }), 'Ana Flores');
    await user.type(within(modal).getByRole('textbox', { name: /Número de documento/ }), '45678912');
    expect(accept).toBeDisabled();
    await user.type(within(modal).getByRole('textbox', { name: /Código de 6 dígitos/ }), '123456');
    await user.click(accept);
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(1));
    const call = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/face-recognition/consent') && init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      employeeId: ANA.id,
      noticeVersion: FACE_NOTICE_VERSION,
      fullName: 'Ana Flores',
      documentNumber: '45678912',
      code: '123456',
    });
  }, 40_000);

  it("shows a consent signed in the worker's account with its printable record, and continues to the camera", async () => {
    const getUserMedia = stubCamera();
    mockApi(routes());
    const { user } = renderApp('/company-admin/employees');
    const modal = await openModal(user);
    expect(await within(modal).findByText('Ana Flores ya aceptó el aviso')).toBeInTheDocument();
    expect(within(modal).getByRole('link', { name: /Ver constancia/ })).toHaveAttribute('href', '/consent-record/c-1');
    await user.click(await within(modal).findByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(1));
  });

  it('sends the photo notice version the worker signed when the company keeps enrolment photos', async () => {
    stubCamera();
    const fetchMock = mockApi(
      routes({
        [SETTINGS]: settings(true),
        [CONSENT]: signed(FACE_NOTICE_PHOTO_VERSION),
        [REGISTER]: mockAnswer(
          dataAnswer(faceRegisterResult),
          { data: { employeeId: ANA.id, faceData: { confidence: 0.9, createdAt: '2026-03-02T15:00:00.000Z', isActive: true }, templates: 3 } },
          201,
        ),
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    const modal = await openModal(user);
    await user.click(await within(modal).findByRole('button', { name: 'Continuar' }));
    const capture = await within(modal).findByRole('button', { name: 'Capturar' });
    await waitFor(() => expect(capture).toBeEnabled(), { timeout: 5000 });
    for (let i = 0; i < 3; i++) await user.click(capture);
    await user.click(within(modal).getByRole('button', { name: 'Registrar' }));
    await within(modal).findByText('Reconocimiento facial registrado exitosamente');
    const sent = formOf(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/face-recognition/register'))?.[1]);
    expect(sent.get('noticeVersion')).toBe(FACE_NOTICE_PHOTO_VERSION);
  });

  it('guides the capture (light, oval) and captures by itself once the face is centred, lit and still', async () => {
    stubCamera();
    fakeGuide.mode = 'ready';
    fakeGuide.faces = () => [seenFace({ brightness: 240 })];
    mockApi(routes());
    const { user } = renderApp('/company-admin/employees');
    const modal = await openModal(user);
    await user.click(await within(modal).findByRole('button', { name: 'Continuar' }));
    expect(await within(modal).findByText('Demasiada luz sobre tu rostro: evita la luz directa', {}, { timeout: 5000 })).toBeInTheDocument();
    fakeGuide.faces = () => [seenFace({ box: [400, 250, 180, 180] })];
    expect(await within(modal).findByText('Centra tu rostro en el óvalo')).toBeInTheDocument();
    expect(within(modal).queryAllByTestId('face-capture')).toHaveLength(0);
    fakeGuide.faces = () => [seenFace()];
    await waitFor(() => expect(within(modal).getAllByTestId('face-capture')).toHaveLength(3), { timeout: 8000 });
    expect(await within(modal).findByText('Capturas listas. Pulsa «Registrar»')).toBeInTheDocument();
  });

  it('goes back to the notice when the company changed its notice meanwhile (the server refuses the old version)', async () => {
    stubCamera();
    const message = 'El aviso de datos biométricos cambió. Recarga la página y vuelve a mostrarlo al empleado.';
    mockApi(routes({ [REGISTER]: mockRefusal(400, 'validation_failed', message, { errors: [{ path: 'noticeVersion', message }] }) }));
    const { user } = renderApp('/company-admin/employees');
    const modal = await openModal(user);
    await user.click(await within(modal).findByRole('button', { name: 'Continuar' }));
    const capture = await within(modal).findByRole('button', { name: 'Capturar' });
    await waitFor(() => expect(capture).toBeEnabled(), { timeout: 5000 });
    for (let i = 0; i < 3; i++) await user.click(capture);
    await user.click(within(modal).getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await within(modal).findByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  });

  it('shows the camera error of the spec when access is denied', async () => {
    stubCamera(new DOMException('denied', 'NotAllowedError'));
    mockApi(routes());
    const { user } = renderApp('/company-admin/employees');
    const modal = await openModal(user);
    await user.click(await within(modal).findByRole('button', { name: 'Continuar' }));
    expect(await within(modal).findByText('Acceso a la cámara denegado. Por favor, permite el acceso a la cámara.')).toBeInTheDocument();
  });

  it('uploads 3 captures with the consent, shows the refused capture, and succeeds on retry', async () => {
    stubCamera();
    let calls = 0;
    const fetchMock = mockApi(
      routes({
        [REGISTER]: () =>
          ++calls === 1
            ? mockRefusal(422, 'face_too_small', 'El rostro se ve muy pequeño. Acércate a la cámara.', {
                errors: [{ path: 'image[1]', message: 'El rostro se ve muy pequeño. Acércate a la cámara.' }],
              })
            : mockAnswer(
                dataAnswer(faceRegisterResult),
                {
                  data: { employeeId: ANA.id, faceData: { confidence: 0.9, createdAt: '2026-03-02T15:00:00.000Z', isActive: true }, templates: 3 },
                  message: 'Reconocimiento facial registrado exitosamente',
                },
                201,
              ),
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    const modal = await openModal(user);
    await user.click(await within(modal).findByRole('button', { name: 'Continuar' }));
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
    expect(sent.get('consentAccepted')).toBeNull(); // an admin's tick means nothing (decision 0035)
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
