import { Alert, Button, Code, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { ApiKeyScope } from '@presente/shared';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { errorMessage, useMessage } from '../../lib/messages';
import { useCopy } from '../../lib/useCopy';
import { useCreateApiKey } from './api';

/** "Nueva clave": a name, a scope, an optional last day; then the key, shown this once, with a copy button. */
export function CreateApiKeyModal({ opened, onClose, scopes }: { opened: boolean; onClose: () => void; scopes: ApiKeyScope[] }) {
  const { t } = useTranslation('settings');
  const message = useMessage();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const { copy, copied } = useCopy({ copied: t('integrations.copied'), failed: t('integrations.copyFailed') });

  const close = () => {
    setName('');
    setScope('read');
    setExpiresOn('');
    setErrors({});
    setFormError(null);
    setKey(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    create.mutate(
      { name: name.trim(), scope, expiresOn: expiresOn || null },
      {
        onSuccess: (created) => setKey(created.key),
        onError: (err) => {
          const fields = err instanceof ApiError ? Object.fromEntries((err.errors ?? []).map((f) => [f.path, f.message])) : {};
          setErrors(fields);
          if (!fields.name && !fields.expiresOn) setFormError(errorMessage(t, err, t('integrations.createError')));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={key ? t('integrations.shownOnceTitle') : t('integrations.add')} centered>
      {key ? (
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('integrations.shownOnce')}
          </Alert>
          <Code block data-testid="api-key-shown" style={{ wordBreak: 'break-all' }}>
            {key}
          </Code>
          <Group justify="space-between">
            <Button leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} variant="light" onClick={() => void copy(key)}>
              {copied ? t('integrations.copied') : t('integrations.copy')}
            </Button>
            <Button onClick={close}>{t('integrations.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('integrations.name')}
              placeholder={t('integrations.namePlaceholder')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={message(errors.name)}
              maxLength={80}
              withAsterisk
              data-autofocus
              data-testid="api-key-name"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="api-key-scope-label">
                {t('integrations.scope')}
              </Text>
              <SegmentedControl
                aria-labelledby="api-key-scope-label"
                value={scope}
                onChange={(v) => setScope(v as ApiKeyScope)}
                data={[
                  { value: 'read', label: t('integrations.scopes.read') },
                  { value: 'read_write', label: t('integrations.scopes.read_write'), disabled: !scopes.includes('read_write') },
                ]}
              />
              {!scopes.includes('read_write') && (
                <Text size="xs" c="dimmed">
                  {t('integrations.freeNote')}
                </Text>
              )}
            </Stack>
            <TextInput
              type="date"
              label={t('integrations.expiresOn')}
              description={t('integrations.expiresOnHint')}
              value={expiresOn}
              onChange={(e) => setExpiresOn(e.currentTarget.value)}
              error={message(errors.expiresOn)}
            />
            {formError && (
              <Alert color="red" variant="light">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('integrations.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('integrations.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
