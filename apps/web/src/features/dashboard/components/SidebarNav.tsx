import { Box, Divider, NavLink, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { APP_VERSION } from '@presente/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/BrandLogo';
import type { Area, TabDef } from '../tab-types';
import { tabPath } from '../tabs';

interface SidebarNavProps {
  area: Area;
  tabs: TabDef[];
  activeId: string;
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** Brand, the role's tabs and the version label; icon-only when collapsed. */
export function SidebarNav({ area, tabs, activeId, collapsed = false, onNavigate }: SidebarNavProps) {
  const { t } = useTranslation();
  return (
    <Stack h="100%" gap={0}>
      <Box h={64} px={collapsed ? 0 : 'md'} style={{ display: 'flex', alignItems: 'center', justifyContent: collapsed ? 'center' : 'flex-start' }}>
        <UnstyledButton component={Link} to={tabPath(area, tabs[0].id, tabs)} onClick={onNavigate} aria-label={t('brand')} data-tour="sidebar-brand">
          <BrandLogo iconOnly={collapsed} size="sm" />
        </UnstyledButton>
      </Box>
      <Divider />
      <ScrollArea component="nav" aria-label={t('dashboard:nav.label')} style={{ flex: 1 }} px={collapsed ? 'xs' : 'sm'} py="md">
        <Stack gap={4}>
          {tabs.map((tab) => {
            const label = t(tab.labelKey);
            const Icon = tab.icon;
            const Badge = tab.badge;
            const link = (
              <NavLink
                key={tab.id}
                component={Link}
                to={tabPath(area, tab.id, tabs)}
                onClick={onNavigate}
                active={tab.id === activeId}
                aria-current={tab.id === activeId ? 'page' : undefined}
                data-tour={`tab-${tab.id}`}
                aria-label={collapsed ? label : undefined}
                label={collapsed ? undefined : label}
                leftSection={<Icon size={20} stroke={1.7} />}
                variant="light"
                styles={{
                  root: { borderRadius: 'var(--mantine-radius-md)', justifyContent: collapsed ? 'center' : undefined },
                  section: collapsed ? { marginInlineEnd: 0 } : undefined,
                  label: { fontWeight: 600 },
                }}
                py={10}
              />
            );
            if (collapsed) {
              return (
                <Tooltip key={tab.id} label={label} position="right" withArrow>
                  {link}
                </Tooltip>
              );
            }
            // A count beside the label sits over the link, not in it: the link keeps its name ("Asistencia").
            return Badge ? (
              <Box key={tab.id} pos="relative">
                {link}
                <Box pos="absolute" right={10} top="50%" style={{ transform: 'translateY(-50%)', pointerEvents: 'none' }}>
                  <Badge />
                </Box>
              </Box>
            ) : (
              link
            );
          })}
        </Stack>
      </ScrollArea>
      <Divider />
      <Text size="xs" c="dimmed" ta="center" py="sm" data-testid="app-version">
        {APP_VERSION}
      </Text>
    </Stack>
  );
}
