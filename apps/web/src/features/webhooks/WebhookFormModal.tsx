import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEventType, type WebhookSecret } from '@presente/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerError, useServerForm } from '../../lib/forms';
import { notify } from '../../lib/notify';
import { useCreateWebhook, useUpdateWebhook } from './api';

interface Values {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/** "Nuevo webhook" / "Editar webhook": the https URL, a description and the events, checked by the server's schema. */
export function WebhookFormModal({
  opened,
  endpoint,
  onClose,
  onCreated,
}: {
  opened: boolean;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: WebhookSecret) => void;
}) {
  const { t } = useTranslation('settings');
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const { form, field, fail, serverError, clearServerError } = useServerForm<Values>({
    mode: 'controlled',
    initialValues: { url: '', description: '', events: ['attendance.recorded'] },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens or changes endpoint
  useEffect(() => {
    if (!opened) return;
    clearServerError();
    form.setValues(
      endpoint
        ? { url: endpoint.url, description: endpoint.description, events: endpoint.events }
        : { url: '', description: '', events: ['attendance.recorded'] },
    );
    form.clearErrors();
  }, [opened, endpoint]);

  const busy = create.isPending || update.isPending;
  const submit = form.onSubmit((values) => {
    clearServerError();
    if (endpoint)
      update.mutate(
        { id: endpoint.id, ...values },
        {
          onSuccess: (res) => {
            notify.success(res.message ?? t('webhooks.save'));
            onClose();
          },
          onError: (err) => fail(err, t('webhooks.saveError')),
        },
      );
    else
      create.mutate(values, {
        onSuccess: (res) => {
          if (res.data) onCreated(res.data);
          onClose();
        },
        onError: (err) => fail(err, t('webhooks.saveError')),
      });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={endpoint ? t('webhooks.editTitle') : t('webhooks.add')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ServerError message={serverError} />
          <TextInput label={t('webhooks.url')} description={t('webhooks.urlHint')} placeholder="https://" required data-autofocus {...field('url')} />
          <TextInput label={t('webhooks.descriptionLabel')} placeholder={t('webhooks.descriptionPlaceholder')} {...field('description')} />
          <Checkbox.Group label={t('webhooks.events')} withAsterisk {...field('events')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt="xs">
              {WEBHOOK_EVENTS.map((e) => (
                <Checkbox key={e} value={e} label={t(`webhooks.eventNames.${e}`)} description={e} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('webhooks.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {endpoint ? t('webhooks.save') : t('webhooks.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
