import { SimpleGrid, Stack } from '@mantine/core';
import type { TabProps } from '../../dashboard/tab-types';
import { KiosksCard } from '../../face/kiosks/KiosksCard';
import { AttendanceLinksCard } from '../../face/links/AttendanceLinksCard';
import { FaceSettingsCard } from '../../face/settings/FaceSettingsCard';
import { IntegrationsCard } from '../../integrations/IntegrationsCard';
import { WorkLocationsCard } from '../../locations/components/WorkLocationsCard';
import { IntegrityCard } from '../../receipts/IntegrityCard';
import { TourHelpCard } from '../../tour/components/TourHelpCard';
import { WebhooksCard } from '../../webhooks/WebhooksCard';
import { AdminEmailCard } from '../components/AdminEmailCard';
import { AdminPasswordCard } from '../components/AdminPasswordCard';
import { AttendanceSettingsCard } from '../components/AttendanceSettingsCard';
import { CompanyLegalCard } from '../components/CompanyLegalCard';
import { CompanyNameCard } from '../components/CompanyNameCard';

/**
 * Company admin Configuración (spec §2): administrator email and password, company name, RUC and razón social, attendance
 * (forgotten check-out grace), work locations, face recognition settings, facial attendance links, paired kiosks, the register's
 * integrity and receipt codes (decision 0053), the public API's keys (Integraciones), webhooks and help with the guided tour.
 */
export function CompanySettingsTab({ user }: TabProps) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <AdminEmailCard email={user.email} />
        <AdminPasswordCard />
        <CompanyNameCard />
        <CompanyLegalCard />
        <AttendanceSettingsCard />
      </SimpleGrid>
      <WorkLocationsCard />
      <FaceSettingsCard />
      <AttendanceLinksCard />
      <KiosksCard />
      <IntegrityCard />
      <IntegrationsCard />
      <WebhooksCard />
      <TourHelpCard />
    </Stack>
  );
}
