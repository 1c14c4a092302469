import { Button, Divider, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/BrandLogo';

interface LandingMenuDrawerProps {
  opened: boolean;
  onClose: () => void;
  links: ReactNode;
}

/** The phone menu of the landing: its own chunk, loaded at the first tap on the burger (decision 0026). */
export default function LandingMenuDrawer({ opened, onClose, links }: LandingMenuDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="80%" title={<BrandLogo size="sm" />} hiddenFrom="sm">
      <Stack gap="lg" component="nav">
        {links}
        <Divider />
        <Button component={Link} to="/login" variant="default" fullWidth onClick={onClose}>
          {t('actions.login')}
        </Button>
        <Button component={Link} to="/register" fullWidth onClick={onClose}>
          {t('actions.register')}
        </Button>
      </Stack>
    </Drawer>
  );
}
