import { MantineProvider } from '@mantine/core';
import { recordEvidenceAnswer } from '@presente/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkedAnswer } from '../../../test/answers';
import type { CalendarAttendance, CalendarDay } from '../api';
import { RecordInfo } from './RecordInfo';

/** A record's evidence as the day view's answer carries it (presentEvidence: each punch through `faceEvidence`). */
const evidence = (value: z.input<typeof recordEvidenceAnswer>) => checkedAnswer(recordEvidenceAnswer, value);

const RECORD: CalendarAttendance = {
  id: 'a1',
  checkIn: '2026-01-06T13:02:00.000Z',
  checkOut: '2026-01-06T22:02:00.000Z',
  status: 'present',
  notes: null,
  isPermission: false,
  method: 'web',
  isManual: false,
  incomplete: false,
};
const DAY: CalendarDay = { date: '2026-01-06', status: 'present', attendance: RECORD, workHours: 9 };

function show(record: CalendarAttendance) {
  render(
    <MantineProvider env="test">
      <RecordInfo day={DAY} schedule={null} record={record} />
    </MantineProvider>,
  );
}

describe("RecordInfo: a punch's evidence as the server sends it", () => {
  it("a web punch shows its position's GPS accuracy and the distance to the work location (the `location` the server sends)", () => {
    show({
      ...RECORD,
      evidence: evidence({
        checkIn: { location: { latitude: -12.0464, longitude: -77.0428, accuracy: 12.4, distance: 40.2 } },
        checkOut: { location: { latitude: -12.0465, longitude: -77.0429, accuracy: null, distance: 8 } },
      }),
    });
    expect(screen.getByText('Entrada: precisión GPS (m) 12 · a 40 m de la sede')).toBeInTheDocument();
    expect(screen.getByText('Salida: a 8 m de la sede')).toBeInTheDocument();
  });

  it('a kiosk mark edited by hand keeps its face distance, liveness result and link', () => {
    show({
      ...RECORD,
      method: 'manual',
      isManual: true,
      evidence: evidence({
        checkIn: {
          linkName: 'Puerta principal',
          kioskName: 'Recepción',
          distance: 0.412,
          liveness: { passed: true, steps: ['left', 'smile'] },
          location: null,
        },
      }),
    });
    expect(screen.getByText('Entrada: distancia facial 0.412 · Prueba de vida superada · enlace Puerta principal')).toBeInTheDocument();
  });

  it('a punch with no position and no face says nothing about evidence', () => {
    show({ ...RECORD, evidence: evidence({ checkIn: { location: null } }) });
    expect(screen.queryByText('Evidencia de la marcación')).not.toBeInTheDocument();
  });
});
