import { Card } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CardHeading } from './CardHeading';

interface SettingsCardProps {
  icon: Icon;
  color?: string;
  title: string;
  description: string;
  children: ReactNode;
}

/** A settings card of every area (company admin, super admin, employee): icon, title, one-line description, then its content pushed to the bottom. */
export function SettingsCard({ icon: Icon, color = 'indigo', title, description, children }: SettingsCardProps) {
  return (
    <Card withBorder padding="lg" h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      <CardHeading icon={<Icon size={22} />} color={color} title={title} subtitle={description} />
      <div style={{ marginTop: 'auto' }}>{children}</div>
    </Card>
  );
}
