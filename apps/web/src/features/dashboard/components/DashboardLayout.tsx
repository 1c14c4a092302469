import { ActionIcon, AppShell, Burger, Drawer, Group, Title, Tooltip } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import type { SessionUser } from '@presente/shared';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { RealtimeConnection } from '../../../components/RealtimeConnection';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/SkipLink';
import { useLogout } from '../../auth/api';
import { GuidedTourAutoStart } from '../../tour/components/GuidedTourAutoStart';
import { TabLoader } from '../lazyTab';
import type { Area } from '../tab-types';
import { tabPath, tabsFor } from '../tabs';
import { SidebarNav } from './SidebarNav';
import { UserMenu } from './UserMenu';

interface DashboardLayoutProps {
  area: Area;
  user: SessionUser;
}

/**
 * Shell shared by the three areas: collapsible sidebar (mobile drawer), header with the tab title,
 * language switch and user menu. The active tab is the URL segment after the area (see README).
 */
export default function DashboardLayout({ area, user }: DashboardLayoutProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const segment = useParams()['*'] ?? '';
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'presente.sidebarCollapsed', defaultValue: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  const logout = useLogout();

  const tabs = tabsFor(area, user);
  const defaultTab = tabs[0];
  const active = segment === '' ? defaultTab : tabs.find((tab) => tab.id === segment);
  const title = active ? t(active.labelKey) : '';

  useEffect(() => {
    if (title) document.title = `${title} · ${t('brand')}`;
  }, [title, t]);

  // Unknown tab, a tab this user cannot see, or the default tab spelled out: go to the canonical URL.
  if (!active || segment === defaultTab.id) return <Navigate to={`/${area}`} replace />;

  const settingsTab = tabs.find((tab) => tab.id === 'settings');
  const ActiveTab = active.component;

  return (
    <AppShell
      layout="alt"
      header={{ height: 64 }}
      navbar={{ width: collapsed ? 80 : 260, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'md', sm: 'lg' }}
      styles={{ main: { background: 'var(--mantine-color-gray-0)' } }}
    >
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="sm" size="sm" aria-label={t('actions.openMenu')} />
            <Tooltip label={collapsed ? t('dashboard:nav.expand') : t('dashboard:nav.collapse')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="sm"
                onClick={() => setCollapsed((c) => !c)}
                aria-label={collapsed ? t('dashboard:nav.expand') : t('dashboard:nav.collapse')}
              >
                {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
              </ActionIcon>
            </Tooltip>
            <Title order={1} fz={{ base: 'lg', sm: 'xl' }} lineClamp={1}>
              {title}
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <RealtimeConnection user={user} />
            <LanguageSwitch />
            <UserMenu
              user={user}
              onSettings={settingsTab ? () => navigate(tabPath(area, settingsTab.id, tabs)) : undefined}
              onLogout={() => logout.mutate()}
              loggingOut={logout.isPending}
            />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar>
        <SidebarNav area={area} tabs={tabs} activeId={active.id} collapsed={collapsed} />
      </AppShell.Navbar>

      <Drawer opened={drawerOpened} onClose={drawer.close} size={280} padding={0} withCloseButton={false} hiddenFrom="sm">
        <div style={{ height: '100dvh' }}>
          <SidebarNav area={area} tabs={tabs} activeId={active.id} onNavigate={drawer.close} />
        </div>
      </Drawer>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <div style={{ maxWidth: 1200, margin: '0 auto' }} data-tour="page-content">
          <Suspense fallback={<TabLoader />}>
            <ActiveTab user={user} area={area} />
          </Suspense>
        </div>
      </AppShell.Main>
      {area === 'company-admin' && <GuidedTourAutoStart />}
    </AppShell>
  );
}
