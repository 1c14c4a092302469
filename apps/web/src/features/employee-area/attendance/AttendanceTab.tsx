import { Alert, Grid, Paper, Skeleton, Stack } from '@mantine/core';
import { QR_PUNCH } from '@presente/shared';
import { IconBeach } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { QrPunchCard } from '../../qr-punch/QrPunchCard';
import { useTodayAttendance } from '../api';
import { DayFlow } from './DayFlow';
import { LiveClock } from './LiveClock';
import { TodaySummary } from './TodaySummary';

/** Attendance tab (spec §2): live clock in the company's timezone, the day flow and today's summary. */
export function AttendanceTab() {
  const { t } = useTranslation('employee');
  const today = useTodayAttendance();
  const [params] = useSearchParams();

  if (today.isPending) {
    return (
      <Grid gap="md" aria-busy>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton h={320} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton h={320} radius="lg" />
        </Grid.Col>
      </Grid>
    );
  }
  if (today.isError) return <LoadError message={t('employeeArea.attendance.loadError')} onRetry={() => today.refetch()} />;
  const data = today.data;

  return (
    <Stack gap="md">
      {data.holiday && (
        <Alert color="pink" variant="light" icon={<IconBeach size={20} />} title={t('employeeArea.attendance.holiday', { name: data.holiday.name })}>
          {data.holiday.description || t('employeeArea.attendance.holidayHint')}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" h="100%">
            <Stack gap="lg">
              <LiveClock timezone={data.timezone} />
              <DayFlow today={data} />
              {(data.qrAllowed || params.has(QR_PUNCH.param)) && <QrPunchCard />}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <TodaySummary today={data} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
