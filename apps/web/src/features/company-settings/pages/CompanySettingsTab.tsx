import { SimpleGrid, Stack } from '@mantine/core';
import type { TabProps } from '../../dashboard/tabs';
import { AttendanceLinksCard } from '../../face/links/AttendanceLinksCard';
import { FaceSettingsCard } from '../../face/settings/FaceSettingsCard';
import { WorkLocationsCard } from '../../locations/components/WorkLocationsCard';
import { TourHelpCard } from '../../tour/components/TourHelpCard';
import { AdminEmailCard } from '../components/AdminEmailCard';
import { AdminPasswordCard } from '../components/AdminPasswordCard';
import { CompanyNameCard } from '../components/CompanyNameCard';

/**
 * Company admin Configuración (spec §2): administrator email and password, company name, work locations,
 * face recognition settings and facial attendance links (face feature) and help with the guided tour.
 */
export function CompanySettingsTab({ user }: TabProps) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <AdminEmailCard email={user.email} />
        <AdminPasswordCard />
        <CompanyNameCard />
      </SimpleGrid>
      <WorkLocationsCard />
      <FaceSettingsCard />
      <AttendanceLinksCard />
      <TourHelpCard />
    </Stack>
  );
}
