import type { ManualChangeView } from '@presente/shared';
import { dataAnswer, manualChangesPage, manualChangeView } from '@presente/shared';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockAnswer } from '../../test/answers';
import { mockApi, renderApp } from '../../test/renderApp';
import { employeeRoutes, historyPage, pagination } from '../employee-area/test/fixtures';

configure({ asyncUtilTimeout: 10_000 });

const change = (over: Partial<ManualChangeView>): ManualChangeView => ({
  id: 'm1',
  employeeId: 'e1',
  employeeName: 'Luis Quispe',
  date: '2026-03-02',
  action: 'updated',
  authorName: 'Carla Admin',
  reason: 'Llegó antes: lo vio la supervisora',
  createdAt: '2026-03-03T15:15:00.000Z',
  previous: { checkIn: '2026-03-02T14:00:00.000Z', checkOut: '2026-03-02T23:00:00.000Z', isPermission: false, notes: null },
  next: { checkIn: '2026-03-02T13:30:00.000Z', checkOut: '2026-03-02T23:00:00.000Z', isPermission: false, notes: null },
  answer: 'pending',
  answerComment: null,
  answeredAt: null,
  ...over,
});

const CHANGES = [
  change({}),
  change({
    id: 'm2',
    action: 'deleted',
    date: '2026-03-03',
    reason: null,
    previous: { ...change({}).previous!, checkIn: '2026-03-03T14:00:00.000Z' },
    next: null,
  }),
  change({ id: 'm3', action: 'created', answer: 'disputed', answerComment: 'Entré a las 08:15', answeredAt: '2026-03-04T14:00:00.000Z' }),
];

function setup() {
  const posts: { id: string; sent: unknown }[] = [];
  const answer = (id: string) => (init?: RequestInit) => {
    const sent = JSON.parse(String(init?.body));
    posts.push({ id, sent });
    return mockAnswer(dataAnswer(manualChangeView), {
      data: { ...change({ id }), answer: sent.answer },
      message: sent.answer === 'agreed' ? 'manualChange.agreed' : 'manualChange.disputed',
    });
  };
  const fetchMock = mockApi(
    employeeRoutes({
      'GET /api/employee/attendance/history': historyPage([]),
      'GET /api/employee/manual-changes': mockAnswer(manualChangesPage, { data: { changes: CHANGES, pending: 2 }, pagination: pagination(0) }),
      'POST /api/employee/manual-changes/m1/answer': answer('m1'),
      'POST /api/employee/manual-changes/m2/answer': answer('m2'),
    }),
  );
  return { posts, fetchMock, ...renderApp('/employee/history') };
}

describe('the worker sees manual changes in their history and answers them (decision 0039)', { timeout: 40_000 }, () => {
  it('shows author, time, reason, before and after, and the state of each', async () => {
    setup();
    const card = await screen.findByRole('region', { name: 'Cambios manuales en tu registro de asistencia' });
    expect(within(card).getByText('2 pendientes')).toBeInTheDocument();
    const edited = within(card).getByRole('article', { name: 'Registro modificado a mano 02/03/2026' });
    expect(edited).toHaveTextContent('Por Carla Admin el 03/03/2026 10:15'); // 15:15 UTC in Lima
    expect(edited).toHaveTextContent('Motivo: Llegó antes: lo vio la supervisora');
    expect(edited).toHaveTextContent('Antes: 09:00 – 18:00 → Ahora: 08:30 – 18:00');
    expect(within(edited).getByText('Pendiente')).toBeInTheDocument();
    const deleted = within(card).getByRole('article', { name: 'Registro eliminado 03/03/2026' });
    expect(deleted).toHaveTextContent('Motivo: sin motivo indicado');
    const answered = within(card).getByRole('article', { name: 'Registro creado a mano 02/03/2026' });
    expect(within(answered).getByText('En desacuerdo')).toBeInTheDocument();
    expect(answered).toHaveTextContent('Respondido el 04/03/2026 09:00: “Entré a las 08:15”');
    // An answered change has no buttons: the answer is given once.
    expect(within(answered).queryByRole('button')).toBeNull();
  });

  it('agrees with one; disputes another only with a comment', async () => {
    const { user, posts } = setup();
    const card = await screen.findByRole('region', { name: 'Cambios manuales en tu registro de asistencia' });
    const deleted = within(card).getByRole('article', { name: 'Registro eliminado 03/03/2026' });
    await user.click(within(deleted).getByRole('button', { name: 'Conforme' }));
    expect(await screen.findByText('Registraste tu conformidad')).toBeInTheDocument();
    expect(posts).toEqual([{ id: 'm2', sent: { answer: 'agreed' } }]);

    const edited = within(card).getByRole('article', { name: 'Registro modificado a mano 02/03/2026' });
    await user.click(within(edited).getByRole('button', { name: 'En desacuerdo' }));
    const dialog = await screen.findByRole('dialog', { name: 'No estoy de acuerdo con este cambio' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar desacuerdo' }));
    expect(await within(dialog).findByText('Explica en qué no estás de acuerdo')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    await user.type(within(dialog).getByLabelText(/Tu comentario/), 'Entré a las 08:15, no 08:30');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar desacuerdo' }));
    expect(await screen.findByText('Registraste tu desacuerdo')).toBeInTheDocument();
    expect(posts[1]).toEqual({ id: 'm1', sent: { answer: 'disputed', comment: 'Entré a las 08:15, no 08:30' } });
  });
});

describe('the overview tells the worker how many changes wait for their answer', { timeout: 40_000 }, () => {
  it('links to the history', async () => {
    mockApi(
      employeeRoutes({
        'GET /api/employee/manual-changes': mockAnswer(manualChangesPage, { data: { changes: CHANGES, pending: 2 }, pagination: pagination(0) }),
        'GET /api/employee/attendance/history': historyPage([]),
      }),
    );
    const { user } = renderApp('/employee');
    expect(await screen.findByText('Tienes 2 cambios manuales por revisar')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Revisar en Historial' }));
    expect(await screen.findByRole('region', { name: 'Cambios manuales en tu registro de asistencia' })).toBeInTheDocument();
  });
});
