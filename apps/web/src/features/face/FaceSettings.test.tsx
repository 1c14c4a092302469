import { attendanceLink, dataAnswer, type FaceSettings, faceSettings } from '@presente/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mockAnswer } from '../../test/answers';
import { baseRoutes, employee, employeesPage, tourAnswer } from '../../test/companyAdmin';
import { type MockRoutes, mockApi, renderApp } from '../../test/renderApp';

const SETTINGS = '/api/company-admin-simple/face-recognition/settings';
const saved = (data: FaceSettings) => mockAnswer(dataAnswer(faceSettings), { data });

function routes(extra: MockRoutes = {}): MockRoutes {
  return baseRoutes({
    'GET /api/company-admin-simple/tour/status': tourAnswer(),
    'GET /api/company-admin-simple/face-recognition/attendance-links': mockAnswer(dataAnswer(z.array(attendanceLink)), { data: [] }),
    ...extra,
  });
}

async function card() {
  return within(await screen.findByTestId('face-settings-card', {}, { timeout: 15_000 }));
}
const bodyOf = (fetchMock: ReturnType<typeof mockApi>) => JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]?.body));

describe('face recognition settings card (company settings)', () => {
  it('shows the threshold with its plain explanation and saves a stricter one', async () => {
    const fetchMock = mockApi(
      routes({
        [`GET ${SETTINGS}`]: saved({ matchThreshold: 0.55, keepEnrolmentPhotos: false, storedPhotos: 0 }),
        [`PUT ${SETTINGS}`]: mockAnswer(dataAnswer(faceSettings), {
          data: { matchThreshold: 0.53, keepEnrolmentPhotos: false, storedPhotos: 0 },
          message: 'Configuración de reconocimiento facial guardada',
        }),
      }),
    );
    const { user } = renderApp('/company-admin/settings');
    const c = await card();
    expect(await c.findByText('Reconocimiento facial')).toBeInTheDocument();
    expect(c.getByTestId('face-threshold-value')).toHaveTextContent('0.55');
    expect(c.getByText(/Más bajo = más estricto/)).toBeInTheDocument();
    const save = c.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();
    const slider = c.getByRole('slider', { name: 'Umbral de coincidencia' });
    expect(slider).toHaveAttribute('aria-valuemin', '0.45');
    // The range stops where the measured false-match rate stays under 1 %, shown beside the value (decision 0057).
    expect(slider).toHaveAttribute('aria-valuemax', '0.55');
    expect(c.getByTestId('face-threshold-fmr')).toHaveTextContent('Falsas coincidencias medidas con este valor: 0.8 % (de 125 rostros');
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(c.getByTestId('face-threshold-value')).toHaveTextContent('0.55');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(c.getByTestId('face-threshold-value')).toHaveTextContent('0.53');
    expect(c.getByTestId('face-threshold-fmr')).toHaveTextContent('0.0 %');
    await user.click(save);
    expect(await screen.findByText('Configuración de reconocimiento facial guardada')).toBeInTheDocument();
    expect(bodyOf(fetchMock)).toEqual({ matchThreshold: 0.53, keepEnrolmentPhotos: false });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('turning the photos off asks first, naming how many photos go, then saves', async () => {
    const fetchMock = mockApi(
      routes({
        [`GET ${SETTINGS}`]: saved({ matchThreshold: 0.5, keepEnrolmentPhotos: true, storedPhotos: 4 }),
        [`PUT ${SETTINGS}`]: mockAnswer(dataAnswer(faceSettings), {
          data: { matchThreshold: 0.5, keepEnrolmentPhotos: false, storedPhotos: 0 },
          message: 'Configuración guardada. Fotos de registro eliminadas: 4.',
        }),
      }),
    );
    const { user } = renderApp('/company-admin/settings');
    const c = await card();
    const toggle = await c.findByRole('switch', { name: /^Guardar una foto de registro por empleado/ }, { timeout: 10_000 });
    expect(toggle).toBeChecked();
    expect(c.getByText('Fotos guardadas: 4. Al desactivar la opción se eliminan todas.')).toBeInTheDocument();
    await user.click(toggle);
    await user.click(c.getByRole('button', { name: 'Guardar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Dejar de guardar fotos de registro' });
    expect(within(confirm).getByText(/Se eliminarán 4 fotos de registro/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Desactivar y eliminar fotos' }));
    expect(await screen.findByText('Configuración guardada. Fotos de registro eliminadas: 4.')).toBeInTheDocument();
    expect(bodyOf(fetchMock)).toEqual({ matchThreshold: 0.5, keepEnrolmentPhotos: false });
  });
});

describe('the enrolment photo in the employee information', () => {
  const ANA = employee(1, { faceData: { confidence: 0.92, createdAt: '2026-03-02T15:00:00.000Z', isActive: true } });
  const LUIS = employee(0);

  it('shows the kept photo of a registered employee when the company keeps photos (an uncached authenticated image)', async () => {
    mockApi(
      routes({
        'GET /api/company-admin-simple/employees': employeesPage([ANA, LUIS]),
        [`GET ${SETTINGS}`]: saved({ matchThreshold: 0.55, keepEnrolmentPhotos: true, storedPhotos: 1 }),
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    await user.click(await screen.findByRole('button', { name: 'Ver información: Ana Flores' }, { timeout: 15_000 }));
    const modal = await screen.findByRole('dialog');
    const photo = await within(modal).findByRole('img', { name: 'Foto de registro de Ana Flores' });
    expect(photo).toHaveAttribute('src', `/api/company-admin-simple/face-recognition/photo/${ANA.id}?v=2026-03-02T15%3A00%3A00.000Z`);
    await user.keyboard('{Escape}');
    // Not registered: no photo section at all.
    await user.click(screen.getByRole('button', { name: 'Ver información: Luis Quispe' }));
    const other = await screen.findByRole('dialog');
    await within(other).findByText('empleado0@andes.pe');
    expect(within(other).queryByTestId('face-photo')).not.toBeInTheDocument();
  });

  it('shows no photo when the company does not keep them', async () => {
    mockApi(
      routes({
        'GET /api/company-admin-simple/employees': employeesPage([ANA]),
        [`GET ${SETTINGS}`]: saved({ matchThreshold: 0.55, keepEnrolmentPhotos: false, storedPhotos: 0 }),
      }),
    );
    const { user } = renderApp('/company-admin/employees');
    await user.click(await screen.findByRole('button', { name: 'Ver información: Ana Flores' }, { timeout: 15_000 }));
    const modal = await screen.findByRole('dialog');
    await within(modal).findByText('empleado1@andes.pe');
    await waitFor(() => expect(within(modal).queryByTestId('face-photo')).not.toBeInTheDocument());
    expect(within(modal).queryByRole('img')).not.toBeInTheDocument();
  });
});
