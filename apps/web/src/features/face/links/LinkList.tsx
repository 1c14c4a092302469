import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import type { AttendanceLink } from '@presente/shared';
import { IconAlertTriangle, IconCheck, IconCopy, IconExternalLink, IconPlayerPause, IconPlayerPlay, IconQrcode, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatInstantDay } from '../../../components/DayInput';
import { useCopy } from '../../../lib/useCopy';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { linkUrl } from '../api';
import { COPY_FEEDBACK_MS } from './QrModal';

export interface LinkActions {
  onQr: (link: AttendanceLink) => void;
  onToggle: (link: AttendanceLink) => void;
  onDelete: (link: AttendanceLink) => void;
}

/** A day-only expiry is stored as the start of the next day ("through that day"): show the last valid day. */
function lastDay(expiresAt: string): string {
  return new Date(Date.parse(expiresAt) - 1).toISOString();
}

const STATE_COLOR = { active: 'teal', inactive: 'gray', expired: 'orange' } as const;

/**
 * A link whose token can no longer be read (the server's session secret changed since it was created: decision
 * 0009) still works for kiosks that have it, but its URL cannot be shown again: it must be recreated.
 */
export const isUnusable = (link: AttendanceLink) => !link.token;

function Actions({ link, onQr, onToggle, onDelete }: LinkActions & { link: AttendanceLink }) {
  const { t } = useTranslation('settings');
  const unusable = isUnusable(link);
  const url = unusable ? '' : linkUrl(link.token);
  const label = (key: string) => `${t(`faceLinks.actions.${key}`)}: ${link.name}`;
  const { copy, copied } = useCopy({ copied: t('faceLinks.copied'), failed: t('faceLinks.copyFailed'), resetMs: COPY_FEEDBACK_MS });
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={copied ? t('faceLinks.copied') : t('faceLinks.actions.copy')} withArrow>
        <ActionIcon variant="subtle" color={copied ? 'teal' : 'indigo'} onClick={() => copy(url)} aria-label={label('copy')} disabled={unusable}>
          {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('faceLinks.actions.qr')} withArrow>
        <ActionIcon variant="subtle" color="dark" onClick={() => onQr(link)} aria-label={label('qr')} disabled={unusable}>
          <IconQrcode size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={link.isActive ? t('faceLinks.actions.deactivate') : t('faceLinks.actions.activate')} withArrow>
        <ActionIcon
          variant="subtle"
          color={link.isActive ? 'orange' : 'teal'}
          onClick={() => onToggle(link)}
          aria-label={label(link.isActive ? 'deactivate' : 'activate')}
        >
          {link.isActive ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('faceLinks.actions.open')} withArrow>
        {unusable ? (
          <ActionIcon variant="subtle" color="indigo" aria-label={label('open')} disabled>
            <IconExternalLink size={18} />
          </ActionIcon>
        ) : (
          <ActionIcon component="a" href={url} target="_blank" rel="noopener" variant="subtle" color="indigo" aria-label={label('open')}>
            <IconExternalLink size={18} />
          </ActionIcon>
        )}
      </Tooltip>
      <Tooltip label={t('faceLinks.actions.delete')} withArrow>
        <ActionIcon variant="subtle" color="red" onClick={() => onDelete(link)} aria-label={label('delete')}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The facial attendance links (spec §2): name, state, created, expiry or 'Sin expiración', actions. */
export function LinkList({ links, ...actions }: LinkActions & { links: AttendanceLink[] }) {
  const { t } = useTranslation('settings');
  const { timezone } = useCompanyConfig();
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('faceLinks.table.name')}</Table.Th>
            <Table.Th>{t('faceLinks.table.state')}</Table.Th>
            <Table.Th>{t('faceLinks.table.created')}</Table.Th>
            <Table.Th>{t('faceLinks.table.expires')}</Table.Th>
            <Table.Th>{t('faceLinks.table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.map((link) => (
            <Table.Tr key={link.id} data-testid="attendance-link-row">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {link.name}
                </Text>
                {isUnusable(link) && (
                  <div data-testid="link-unusable">
                    <Group gap={4} wrap="nowrap" c="red">
                      <IconAlertTriangle size={14} />
                      <Text size="xs" fw={600}>
                        {t('faceLinks.unusable')}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" maw={300}>
                      {t('faceLinks.unusableHint')}
                    </Text>
                  </div>
                )}
                {link.lastUsedAt && (
                  <Text size="xs" c="dimmed">
                    {t('faceLinks.lastUsed', { date: formatInstantDay(link.lastUsedAt, timezone) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATE_COLOR[link.state]}>
                  {t(`faceLinks.state.${link.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstantDay(link.createdAt, timezone)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {link.expiresAt ? (
                  formatInstantDay(lastDay(link.expiresAt), timezone)
                ) : (
                  <Text span size="sm" c="dimmed">
                    {t('faceLinks.noExpiry')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Actions link={link} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
