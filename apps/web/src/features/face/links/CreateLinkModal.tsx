import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { toLocal } from '@presente/shared';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/DayInput';
import { errorMessage, translateMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useCompanyConfig } from '../../auth/CompanyConfigContext';
import { useCreateLink } from '../api';

/**
 * Create-link modal (spec §2, §5): name required and not blank; expiry optional, not in the past (a day
 * means "through that day" in the company's timezone). A Free plan at its limit gets the upgrade prompt.
 */
export function CreateLinkModal({ opened, onClose, onPlanLimit }: { opened: boolean; onClose: () => void; onPlanLimit: (error: unknown) => boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const { timezone } = useCompanyConfig();
  const create = useCreateLink();
  const [name, setName] = useState('');
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; expiresAt?: string }>({});
  const today = toLocal(new Date(), timezone).date;

  const close = () => {
    setName('');
    setExpiresAt(null);
    setErrors({});
    onClose();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = translateMessage(t, 'faceLink.nameRequired');
    if (expiresAt && expiresAt < today) next.expiresAt = translateMessage(t, 'faceLink.expiryPast');
    setErrors(next);
    if (next.name || next.expiresAt) return;
    create.mutate(
      { name: name.trim(), expiresAt: expiresAt || null },
      {
        onSuccess: ({ message }) => {
          notify.success(message ?? t('faceLinks.created'));
          close();
        },
        onError: (error) => {
          if (onPlanLimit(error)) return close();
          notify.error(errorMessage(t, error, t('faceLinks.createError')));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('faceLinks.create.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('faceLinks.create.name')}
            placeholder={t('faceLinks.create.namePlaceholder')}
            description={t('faceLinks.create.nameHint')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            withAsterisk
            data-autofocus
          />
          <DayInput
            label={t('faceLinks.create.expiresAt')}
            description={t('faceLinks.create.expiresHint')}
            placeholder="dd/mm/aaaa"
            value={expiresAt}
            onChange={(v) => setExpiresAt(v ? String(v).slice(0, 10) : null)}
            // Past days are greyed in the calendar; a typed past day gets the spec's message on submit.
            excludeDate={(day) => day < today}
            clearable
            error={errors.expiresAt}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('faceLinks.cancel')}
            </Button>
            <Button type="submit" leftSection={<IconLink size={16} />} loading={create.isPending}>
              {t('faceLinks.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
