import { Button, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconBook2, IconBrandWhatsapp, IconClock, IconMail } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailto, SUPPORT_HOURS, whatsappLink } from '../../../lib/contact';
import { useSupportContact } from '../../../lib/publicConfig';
import { HelpGuideModal } from '../../tour/components/HelpGuideModal';

interface HelpCardProps {
  icon: Icon;
  color: string;
  title: string;
  body: string;
  action: ReactNode;
}

function HelpCard({ icon: Icon, color, title, body, action }: HelpCardProps) {
  return (
    <Card withBorder padding="lg" h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group gap="sm" wrap="nowrap" mb={6}>
        <ThemeIcon variant="light" size={36} radius="md" color={color}>
          <Icon size={20} />
        </ThemeIcon>
        <Text fw={700}>{title}</Text>
      </Group>
      <Text size="sm" c="dimmed" mb="md" style={{ flex: 1 }}>
        {body}
      </Text>
      {action}
    </Card>
  );
}

/**
 * Help cards of the overview (spec §2): support contact (WhatsApp when the operator configured a support line,
 * SUPPORT_WHATSAPP; e-mail always), support hours, and the in-app user guide.
 */
export function SupportCards() {
  const { t } = useTranslation('dashboard');
  const [guideOpened, setGuideOpened] = useState(false);
  const support = useSupportContact();
  const whatsapp = whatsappLink(t('companyOverview.help.whatsapp.message'), support.whatsapp);
  return (
    <section aria-labelledby="overview-help-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="overview-help-title">
          {t('companyOverview.help.title')}
        </Title>
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconClock size={16} style={{ flexShrink: 0 }} />
          <Text size="sm">{t('companyOverview.help.hours', SUPPORT_HOURS)}</Text>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: whatsapp ? 3 : 2 }} spacing="md">
        {whatsapp && (
          <HelpCard
            icon={IconBrandWhatsapp}
            color="green"
            title={t('companyOverview.help.whatsapp.title')}
            body={t('companyOverview.help.whatsapp.body')}
            action={
              <Button component="a" href={whatsapp} target="_blank" rel="noopener noreferrer" color="green" variant="light">
                {t('companyOverview.help.whatsapp.cta')}
              </Button>
            }
          />
        )}
        <HelpCard
          icon={IconMail}
          color="indigo"
          title={t('companyOverview.help.email.title')}
          body={t('companyOverview.help.email.body')}
          action={
            <Group gap="sm" wrap="wrap">
              <Button component="a" href={mailto(support.email, t('companyOverview.help.email.subject'))} variant="light">
                {t('companyOverview.help.email.cta')}
              </Button>
              <Text size="sm" fw={600}>
                {support.email}
              </Text>
            </Group>
          }
        />
        <HelpCard
          icon={IconBook2}
          color="grape"
          title={t('companyOverview.help.guide.title')}
          body={t('companyOverview.help.guide.body')}
          action={
            <Button variant="light" color="grape" onClick={() => setGuideOpened(true)} style={{ alignSelf: 'flex-start' }}>
              {t('companyOverview.help.guide.cta')}
            </Button>
          }
        />
      </SimpleGrid>
      <HelpGuideModal opened={guideOpened} onClose={() => setGuideOpened(false)} />
    </section>
  );
}
