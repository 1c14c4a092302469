import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { SessionUser } from '@presente/shared';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface UserMenuProps {
  user: SessionUser;
  onSettings?: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0][0]}${parts[parts.length - 1][0]}` : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** Avatar menu in the dashboard header: who is logged in, Configuración and Cerrar Sesión. */
export function UserMenu({ user, onSettings, onLogout, loggingOut }: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by what it shows (the person's name and role) followed by what it is, so the label contains the visible name. */}
        <UnstyledButton data-tour="user-menu" style={{ borderRadius: 'var(--mantine-radius-xl)' }} p={4}>
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" color="indigo" variant="filled" size={36} aria-hidden>
              {initialsOf(user.name)}
            </Avatar>
            <div style={{ lineHeight: 1.2 }} className="user-menu-name">
              <Text size="sm" fw={600} lineClamp={1} maw={180} visibleFrom="md">
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1} maw={180} visibleFrom="md">
                {t(`roles.${user.role}`)}
              </Text>
            </div>
            <VisuallyHidden>{t('dashboard:userMenu.label')}</VisuallyHidden>
            <IconChevronDown size={16} stroke={1.8} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" px="sm" py="xs" wrap="nowrap">
          <Avatar radius="xl" color="indigo" size={40}>
            {initialsOf(user.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </div>
        </Group>
        <Menu.Divider />
        {onSettings && (
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={onSettings}>
            {t('actions.settings')}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout} disabled={loggingOut}>
          {t('actions.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
