import { Alert, Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import type { AttendanceLink } from '@presente/shared';
import { IconAlertCircle, IconCheck, IconCopy, IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useCopy } from '../../../lib/useCopy';
import { useCompanySettings } from '../../plan-usage/api';
import { linkUrl } from '../api';
import { openPrintSheet, qrDataUrl } from './qr';

/** Copy-link feedback (spec §9). */
export const COPY_FEEDBACK_MS = 2000;

/** The QR of a link's public page with copy and print (spec §2). */
export function QrModal({ link, onClose }: { link: AttendanceLink | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const company = useCompanySettings(link !== null);
  const [qr, setQr] = useState<{ url: string; data: string } | { url: string; error: true } | null>(null);
  const url = link ? linkUrl(link.token) : '';
  const { copy, copied } = useCopy({ copied: t('faceLinks.copied'), failed: t('faceLinks.copyFailed'), resetMs: COPY_FEEDBACK_MS });

  useEffect(() => {
    if (!url) return;
    let alive = true;
    qrDataUrl(url).then(
      (data) => alive && setQr({ url, data }),
      () => alive && setQr({ url, error: true }),
    );
    return () => {
      alive = false;
    };
  }, [url]);

  const current = qr && qr.url === url ? qr : null;
  const print = () => {
    if (!link || !current || !('data' in current)) return;
    const opened = openPrintSheet({
      title: t('faceLinks.print.title'),
      companyName: company.data?.name ?? '',
      linkName: link.name,
      qr: current.data,
      url,
      instructions: [t('faceLinks.print.step1'), t('faceLinks.print.step2'), t('faceLinks.print.step3')],
    });
    if (!opened) notify.error(t('faceLinks.print.blocked'));
  };

  return (
    <Modal opened={link !== null} onClose={onClose} title={t('faceLinks.qr.title', { name: link?.name ?? '' })} centered>
      <Stack gap="md" align="center">
        {!current ? (
          <Center h={256}>
            <Loader />
          </Center>
        ) : 'error' in current ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" w="100%">
            {t('faceLinks.qr.error')}
          </Alert>
        ) : (
          <Image src={current.data} alt={t('faceLinks.qr.alt', { name: link?.name ?? '' })} w={256} h={256} data-testid="link-qr" />
        )}
        <Text size="xs" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
        <Text size="sm" ta="center">
          {t('faceLinks.qr.hint')}
        </Text>
        <Group justify="center">
          <Button
            variant="light"
            color={copied ? 'teal' : 'indigo'}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={() => copy(url)}
          >
            {copied ? t('faceLinks.copied') : t('faceLinks.actions.copy')}
          </Button>
          <Button leftSection={<IconPrinter size={16} />} onClick={print} disabled={!current || 'error' in current}>
            {t('faceLinks.qr.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
