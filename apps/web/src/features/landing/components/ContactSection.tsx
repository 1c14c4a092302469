import { Anchor, Box, Button, Container, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconBrandWhatsapp, IconBriefcase, IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mailto, SALES_EMAIL, SUPPORT_HOURS, whatsappLink } from '../../../lib/contact';
import { useSupportContact } from '../../../lib/publicConfig';
import { SectionHeading } from './SectionHeading';

interface ContactCard {
  id: string;
  icon: Icon;
  color: string;
  href: string;
  linkLabel: string;
  external?: boolean;
}

/** Support and sales by e-mail; WhatsApp only when the operator configured a support line (SUPPORT_WHATSAPP). */
export function ContactSection() {
  const { t } = useTranslation();
  const support = useSupportContact();
  const whatsapp = whatsappLink(t('landing.contact.whatsapp.message'), support.whatsapp);
  const cards: ContactCard[] = [
    { id: 'support', icon: IconHeadset, color: 'indigo', href: mailto(support.email, t('landing.contact.supportSubject')), linkLabel: support.email },
    { id: 'sales', icon: IconBriefcase, color: 'grape', href: mailto(SALES_EMAIL, t('landing.pricing.enterprise.mailSubject')), linkLabel: SALES_EMAIL },
  ];
  if (whatsapp) {
    cards.push({ id: 'whatsapp', icon: IconBrandWhatsapp, color: 'green', href: whatsapp, linkLabel: t('landing.contact.whatsapp.cta'), external: true });
  }

  return (
    <Box component="section" id="contact" className="landing-section" py={{ base: 64, sm: 96 }}>
      <Container size="md">
        <SectionHeading eyebrow={t('landing.contact.eyebrow')} title={t('landing.contact.title')} subtitle={t('landing.contact.subtitle', SUPPORT_HOURS)} />
        <SimpleGrid cols={{ base: 1, sm: cards.length }} spacing="lg">
          {cards.map(({ id, icon: CardIcon, color, href, linkLabel, external }) => (
            <Paper key={id} withBorder radius="lg" p="xl" ta="center">
              <ThemeIcon size={52} radius="xl" variant="light" color={color} mx="auto">
                <CardIcon size={28} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {t(`landing.contact.${id}.title`)}
              </Title>
              <Text c="dimmed" size="sm" mt={6} mih={42}>
                {t(`landing.contact.${id}.body`)}
              </Text>
              {external ? (
                <Button component="a" href={href} target="_blank" rel="noopener noreferrer" color={color} variant="light" mt="md">
                  {linkLabel}
                </Button>
              ) : (
                <Anchor href={href} fw={600} mt="md" display="inline-block">
                  {linkLabel}
                </Anchor>
              )}
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
