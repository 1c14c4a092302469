import type { FaceEvidence } from '@presente/shared';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import type { CalendarAttendance, CalendarDay } from '../attendance/api';
import { RecordInfo } from '../attendance/components/RecordInfo';

const DAY: CalendarDay = { date: '2026-03-02', status: 'present', attendance: null, workHours: 8 };
const CHECK_IN: FaceEvidence = {
  linkId: 'l1',
  linkName: 'Entrada principal',
  distance: 0.4123,
  runnerUp: 0.8311,
  threshold: 0.55,
  liveness: {
    passed: true,
    steps: ['left', 'straight', 'right'],
    spoofScore: 0.761,
    frames: [
      { pose: 'left', yaw: 24.6, antispoof: 0.61, live: 0.93, distance: 0.21 },
      { pose: 'straight', yaw: 1.2, antispoof: 0.72, live: 0.95, distance: 0 },
      { pose: 'right', yaw: -27.1, antispoof: 0.58, live: 0.9, distance: 0.25 },
    ],
  },
  location: { latitude: -12.0464, longitude: -77.0428, accuracy: 18.4, distance: 35.2 },
  ip: '190.12.1.9',
};

function record(extra: Partial<CalendarAttendance>): CalendarAttendance {
  return {
    id: 'r1',
    checkIn: '2026-03-02T13:02:00.000Z',
    checkOut: null,
    status: 'present',
    notes: null,
    isPermission: false,
    method: 'face_recognition',
    isManual: false,
    incomplete: false,
    ...extra,
  };
}

function show(r: CalendarAttendance) {
  const queryClient = new QueryClient();
  return render(
    <AppProviders queryClient={queryClient} env="test">
      <RecordInfo day={DAY} schedule={null} record={r} />
    </AppProviders>,
  );
}

describe('evidence of a face punch (calendar day modal)', () => {
  it('shows distance and threshold, runner-up, liveness with each frame, GPS and accuracy, link and IP', async () => {
    show(record({ evidence: { checkIn: CHECK_IN } }));
    const evidence = await screen.findByTestId('face-evidence');
    expect(within(evidence).getByText('Evidencia')).toBeInTheDocument();
    const checkIn = within(evidence).getByTestId('face-evidence-checkIn');
    expect(within(checkIn).getByText('Prueba de vida superada')).toBeInTheDocument();
    expect(within(checkIn).getByText('Distancia 0.412 (umbral 0.55) · siguiente candidato 0.831 · puntaje antisuplantación medio 0.761')).toBeInTheDocument();
    const rows = within(within(checkIn).getByRole('table', { name: 'Fotogramas de la prueba de vida' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'FotogramaPoseGiroAntisuplantaciónVida',
      '1Izquierda25°0.610.93',
      '2De frente1°0.720.95',
      '3Derecha-27°0.580.90',
    ]);
    expect(within(checkIn).getByText('GPS -12.046400, -77.042800 · precisión ±18 m · a 35 m de la sede')).toBeInTheDocument();
    expect(within(checkIn).getByText('Enlace: Entrada principal · IP 190.12.1.9')).toBeInTheDocument();
    expect(within(evidence).queryByTestId('face-evidence-checkOut')).not.toBeInTheDocument();
  });

  it('leaves out what an older record does not carry, and says when there was no other candidate or no position', async () => {
    show(record({ evidence: { checkOut: { linkId: 'l9', distance: 0.3, runnerUp: null, threshold: 0.5, liveness: { passed: true }, location: null } } }));
    const out = await screen.findByTestId('face-evidence-checkOut');
    expect(within(out).getByText('Distancia 0.300 (umbral 0.50) · sin otro candidato')).toBeInTheDocument();
    expect(within(out).getByText('Sin ubicación GPS')).toBeInTheDocument();
    expect(within(out).getByText('Enlace eliminado')).toBeInTheDocument();
    expect(within(out).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says a punch was captured offline and sent later, and shows how the face answered the screen light (decisions 0073, 0075)', async () => {
    const offline: FaceEvidence = {
      ...CHECK_IN,
      offline: { capturedAt: '2026-03-02T13:02:00.000Z', uploadedAt: '2026-03-02T13:49:30.000Z', contactAt: '2026-03-02T12:40:00.000Z' },
      screenLight: { frames: 16, lagMs: 0, face: { corr: 0.9951, gain: 0.09 }, background: { corr: 0.99, gain: 0.015 }, contrast: 0.078, ambient: 168 },
    };
    show(record({ evidence: { checkIn: offline } }));
    const checkIn = await screen.findByTestId('face-evidence-checkIn');
    expect(within(checkIn).getByTestId('face-evidence-checkIn-offline')).toHaveTextContent(
      'Marcada sin conexión en el kiosco (la hora es la de captura); enviada 48 minutos después',
    );
    expect(within(checkIn).getByText(/luz de pantalla: correlación 1\.00, contraste 0\.08$/)).toBeInTheDocument();
  });

  it('keeps the general summary for punches that are not by face', async () => {
    // What the server sends for a web punch (presentEvidence): its position in `location` (decision 0064's second pass).
    show(record({ method: 'web', evidence: { checkIn: { location: { latitude: -12.05, longitude: -77.04, accuracy: 12, distance: 30 } } } }));
    expect(await screen.findByText('Evidencia de la marcación')).toBeInTheDocument();
    expect(screen.queryByTestId('face-evidence')).not.toBeInTheDocument();
  });
});
