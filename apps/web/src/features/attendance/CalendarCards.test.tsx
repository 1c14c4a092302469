import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import type { CalendarRow } from './api';
import { CalendarCards } from './components/CalendarCards';

const row = {
  employeeId: 'e1',
  employeeName: 'Ana Flores',
  employeeCode: 'AF-1',
  position: null,
  department: null,
  schedule: null,
  days: Array.from({ length: 30 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, status: 'absent', attendance: null, workHours: null })),
  stats: { present: 3, early: 0, late: 0, absent: 18, permission: 0, holiday: 0, day_off: 9, pending: 0, attendanceRate: 14, totalHours: 24 },
} as unknown as CalendarRow;

describe('CalendarCards (the phone view of the month)', () => {
  it('labels its rate as the share of the whole month, not as the desktop attendance % (walk-through finding 4)', async () => {
    render(
      <AppProviders queryClient={new QueryClient()} env="test">
        <CalendarCards rows={[row]} timezone="America/Lima" today="2026-11-30" onOpenDay={() => {}} />
      </AppProviders>,
    );
    expect(await screen.findByText('10% del mes')).toBeInTheDocument();
  });
});
