import { Card, Group, Paper, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '../../../components/CardHeading';
import { useIsMobile } from '../../../lib/useIsMobile';
import { type DepartmentStat, LEVEL_COLOR, utilisationLevel } from '../api';

/** An attendance percentage with its utilisation colour (spec §9). */
export function Rate({ percent }: { percent: number }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const color = LEVEL_COLOR[utilisationLevel(value)];
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={value} color={color} size="sm" radius="xl" w={70} aria-hidden />
      <Text size="sm" fw={700} c={`var(--mantine-color-${color}-text)`}>
        {value}%
      </Text>
    </Group>
  );
}

/** Department summary of the overview: table on desktop, cards on phones. */
export function DepartmentSummary({ departments }: { departments: DepartmentStat[] }) {
  const { t } = useTranslation('dashboard');
  const phone = useIsMobile();
  const label = (key: string) => t(`companyOverview.departments.${key}`);

  let body: ReactNode;
  if (departments.length === 0) {
    body = (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        {label('empty')}
      </Text>
    );
  } else if (phone) {
    body = (
      <Stack gap="sm">
        {departments.map((d) => (
          <Paper key={d.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" mb={6}>
              <Text fw={600} truncate>
                {d.name}
              </Text>
              <Rate percent={d.attendancePercentage} />
            </Group>
            <SimpleGrid cols={4} spacing={4}>
              {(['employees', 'present', 'absent', 'late'] as const).map((key) => (
                <div key={key}>
                  <Text size="xs" c="dimmed">
                    {label(key)}
                  </Text>
                  <Text fw={700}>{{ employees: d.totalEmployees, present: d.presentToday, absent: d.absentToday, late: d.lateToday }[key]}</Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{label('name')}</Table.Th>
              <Table.Th ta="right">{label('employees')}</Table.Th>
              <Table.Th ta="right">{label('present')}</Table.Th>
              <Table.Th ta="right">{label('absent')}</Table.Th>
              <Table.Th ta="right">{label('late')}</Table.Th>
              <Table.Th>{label('attendance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {departments.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td fw={600}>{d.name}</Table.Td>
                <Table.Td ta="right">{d.totalEmployees}</Table.Td>
                <Table.Td ta="right" c="teal.8">
                  {d.presentToday}
                </Table.Td>
                <Table.Td ta="right" c={d.absentToday ? 'var(--mantine-color-red-text)' : undefined}>
                  {d.absentToday}
                </Table.Td>
                <Table.Td ta="right" c={d.lateToday ? 'var(--mantine-color-orange-text)' : undefined}>
                  {d.lateToday}
                </Table.Td>
                <Table.Td>
                  <Rate percent={d.attendancePercentage} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Card withBorder padding="lg">
      <CardHeading icon={<IconBuildingCommunity size={22} />} color="cyan" title={label('title')} subtitle={label('subtitle')} />
      {body}
    </Card>
  );
}
