import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { LegalContent, type LegalKind } from './LegalContent';

const TITLE_KEYS: Record<LegalKind, string> = {
  terms: 'legal.termsTitle',
  privacy: 'legal.privacyTitle',
  about: 'legal.aboutTitle',
};

function LegalTitle({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  return (
    <Text fw={700} fz="lg">
      {t(TITLE_KEYS[kind])}
    </Text>
  );
}

/** Opens Términos, Privacidad or Acerca de in the global modal host. */
export function openLegalModal(kind: LegalKind) {
  modals.open({
    modalId: `legal-${kind}`,
    title: <LegalTitle kind={kind} />,
    children: <LegalContent kind={kind} />,
    size: 'lg',
    radius: 'lg',
    centered: true,
  });
}
