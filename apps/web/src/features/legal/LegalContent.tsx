import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { APP_VERSION } from '@presente/shared';
import { useTranslation } from 'react-i18next';
import { mailto } from '../../lib/contact';
import { useSupportContact } from '../../lib/publicConfig';

export type LegalKind = 'terms' | 'privacy' | 'about';

const TERMS_SECTIONS = ['pricing', 'nonPayment', 'termination', 'availability', 'refunds', 'liability'] as const;
const PRIVACY_SECTIONS = ['biometric', 'consent', 'withdrawal', 'data', 'retention', 'rights'] as const;

function Sections({ prefix, ids }: { prefix: string; ids: readonly string[] }) {
  const { t } = useTranslation();
  const { email } = useSupportContact();
  return (
    <List type="ordered" spacing="md" listStyleType="none" withPadding={false}>
      {ids.map((id, index) => (
        <List.Item key={id}>
          <Title order={3} fz="md" mb={4}>
            {index + 1}. {t(`${prefix}.${id}.title`)}
          </Title>
          <Text size="sm" c="dark.4" lh={1.6}>
            {t(`${prefix}.${id}.body`, { email })}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** Body of the Términos, Privacidad and Acerca de modals (spec §1 terms, biometric privacy, about). */
export function LegalContent({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  const { email } = useSupportContact();
  if (kind === 'terms') return <Sections prefix="legal.termsSections" ids={TERMS_SECTIONS} />;
  if (kind === 'privacy') return <Sections prefix="legal.privacySections" ids={PRIVACY_SECTIONS} />;
  return (
    <Stack gap="sm">
      <Text lh={1.6}>{t('legal.aboutBody')}</Text>
      <Text size="sm" c="dimmed">
        {t('legal.aboutVersion', { version: APP_VERSION })}
      </Text>
      <Text size="sm">
        <Anchor href={mailto(email)}>{t('legal.aboutContact', { email })}</Anchor>
      </Text>
    </Stack>
  );
}
