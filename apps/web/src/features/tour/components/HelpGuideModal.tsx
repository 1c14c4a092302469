import { Anchor, Modal, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconCalendarStats, IconChartBar, IconCreditCard, IconRocket } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { mailto, SUPPORT_HOURS } from '../../../lib/contact';
import { useSupportContact } from '../../../lib/publicConfig';

const SECTIONS = [
  { id: 'setup', icon: IconRocket },
  { id: 'daily', icon: IconCalendarStats },
  { id: 'reports', icon: IconChartBar },
  { id: 'account', icon: IconCreditCard },
] as const;

/** The in-app documentation of the company admin area (Configuración → Documentación). */
export function HelpGuideModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { email } = useSupportContact();
  return (
    <Modal opened={opened} onClose={onClose} title={t('helpGuide.title')} size="lg" centered styles={{ title: { fontWeight: 700 } }}>
      <Stack gap="lg">
        <Text c="dimmed" size="sm">
          {t('helpGuide.intro')}
        </Text>
        <Timeline bulletSize={34} lineWidth={2} active={SECTIONS.length}>
          {SECTIONS.map(({ id, icon: Icon }) => (
            <Timeline.Item
              key={id}
              bullet={
                <ThemeIcon size={34} radius="xl" variant="light">
                  <Icon size={18} />
                </ThemeIcon>
              }
            >
              <Title order={3} fz="md" mb={6}>
                {t(`helpGuide.sections.${id}.title`)}
              </Title>
              <Stack gap={6} component="ul" m={0} ps="md">
                {(t(`helpGuide.sections.${id}.items`, { returnObjects: true }) as string[]).map((item) => (
                  <Text key={item} component="li" size="sm">
                    {item}
                  </Text>
                ))}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
        <Text size="sm" c="dimmed">
          <Trans t={t} i18nKey="helpGuide.support" values={{ email, ...SUPPORT_HOURS }} components={{ mail: <Anchor href={mailto(email)} size="sm" /> }} />
        </Text>
      </Stack>
    </Modal>
  );
}
