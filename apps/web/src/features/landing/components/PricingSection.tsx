import { Badge, Box, Button, Container, Group, List, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { type Plan, PREMIUM_MIN_EMPLOYEES, PREMIUM_PRICE_PER_EMPLOYEE_USD, planAllows } from '@presente/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mailto, SALES_EMAIL } from '../../../lib/contact';
import { formatPrice } from '../../../lib/format';
import { SectionHeading } from './SectionHeading';

interface PlanCardProps {
  id: 'free' | 'premium' | 'enterprise';
  /** The shared plan behind the card: a feature it lacks (exports) is said on the card, from the shared catalogue. */
  plan?: Plan;
  price: string;
  showCurrency: boolean;
  highlighted?: boolean;
  note?: string;
  cta: { to?: string; href?: string };
}

function PlanCard({ id, plan, price, showCurrency, highlighted = false, note, cta }: PlanCardProps) {
  const { t } = useTranslation();
  const items = t(`landing.pricing.${id}.items`, { returnObjects: true }) as string[];
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      shadow={highlighted ? 'xl' : 'xs'}
      pos="relative"
      style={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: highlighted ? 'var(--mantine-color-indigo-5)' : undefined,
        borderWidth: highlighted ? 2 : undefined,
      }}
      aria-labelledby={`plan-${id}`}
    >
      {highlighted && (
        <Badge pos="absolute" top={-12} left="50%" style={{ transform: 'translateX(-50%)' }} variant="gradient" gradient={{ from: 'indigo', to: 'cyan' }}>
          {t('landing.pricing.recommended')}
        </Badge>
      )}
      <Title order={3} fz="xl" id={`plan-${id}`}>
        {t(`landing.pricing.${id}.name`)}
      </Title>
      <Text c="dimmed" size="sm" mt={4} mih={40}>
        {t(`landing.pricing.${id}.description`)}
      </Text>
      <Group gap={6} align="baseline" mt="lg">
        <Text fz={40} fw={800} lh={1} style={{ letterSpacing: '-0.02em' }}>
          {price}
        </Text>
        {showCurrency && (
          <Text fw={700} c="dimmed">
            {t('landing.pricing.currency')}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {t(`landing.pricing.${id}.period`)}
      </Text>
      {note && (
        <Text size="xs" c="indigo.7" fw={600} mt={4}>
          {note}
        </Text>
      )}
      <List
        mt="lg"
        spacing="sm"
        size="sm"
        icon={
          <ThemeIcon size={20} radius="xl" color="teal" variant="light">
            <IconCheck size={13} stroke={3} />
          </ThemeIcon>
        }
        style={{ flex: 1 }}
      >
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
        {plan && !planAllows(plan, 'exports') && (
          <List.Item
            icon={
              <ThemeIcon size={20} radius="xl" color="gray" variant="light">
                <IconX size={13} stroke={3} />
              </ThemeIcon>
            }
          >
            {t(`landing.pricing.${id}.noExports`)}
          </List.Item>
        )}
      </List>
      {cta.to ? (
        <Button component={Link} to={cta.to} mt="xl" size="md" fullWidth variant={highlighted ? 'filled' : 'light'}>
          {t(`landing.pricing.${id}.cta`)}
        </Button>
      ) : (
        <Button component="a" href={cta.href} mt="xl" size="md" fullWidth variant="light">
          {t(`landing.pricing.${id}.cta`)}
        </Button>
      )}
    </Paper>
  );
}

/** The three plans of spec §1; the Premium price and minimum come from the shared constants. */
export function PricingSection() {
  const { t } = useTranslation();
  return (
    <Box component="section" id="pricing" className="landing-section" py={{ base: 64, sm: 96 }} bg="gray.0">
      <Container size="lg">
        <SectionHeading eyebrow={t('landing.pricing.eyebrow')} title={t('landing.pricing.title')} subtitle={t('landing.pricing.subtitle')} />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" style={{ alignItems: 'stretch' }}>
          <PlanCard id="free" plan="FREE" price={t('landing.pricing.free.price')} showCurrency cta={{ to: '/register' }} />
          <PlanCard
            id="premium"
            plan="PREMIUM"
            price={formatPrice(PREMIUM_PRICE_PER_EMPLOYEE_USD)}
            showCurrency
            highlighted
            note={t('landing.pricing.premium.minimum', { count: PREMIUM_MIN_EMPLOYEES })}
            cta={{ to: '/register' }}
          />
          <PlanCard
            id="enterprise"
            price={t('landing.pricing.enterprise.price')}
            showCurrency={false}
            cta={{ href: mailto(SALES_EMAIL, t('landing.pricing.enterprise.mailSubject')) }}
          />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
