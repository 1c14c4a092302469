import { Button, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { companyNameInput } from '@presente/shared';
import { IconBuilding, IconDeviceFloppy } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { SettingsCard } from '../../../components/SettingsCard';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useCompanySettings } from '../../plan-usage/api';
import { useRenameCompany } from '../api';

function validateName(name: string): string | null {
  const result = companyNameInput.safeParse({ name });
  return result.success ? null : (result.error.issues[0]?.message ?? 'company.nameRequired');
}

/** Company name card: edit in place, PUT /company/name. */
export function CompanyNameCard() {
  const { t } = useTranslation('settings');
  const message = useMessage();
  const settings = useCompanySettings();
  const rename = useRenameCompany();
  const form = useForm({ mode: 'controlled', initialValues: { name: '' }, validate: { name: validateName } });
  const c = (key: string) => t(`companySettings.company.${key}`);
  const current = settings.data?.name ?? '';

  // Follow the saved name (first load, a rename here or by the super admin) unless the user is typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the saved name changes
  useEffect(() => {
    if (current && !form.isDirty()) {
      form.setInitialValues({ name: current });
      form.setValues({ name: current });
    }
  }, [current]);

  const submit = form.onSubmit(({ name }) =>
    rename.mutate(name.trim(), {
      onSuccess: (msg) => {
        notify.success(msg || c('success'));
        form.setInitialValues({ name: name.trim() });
        form.setValues({ name: name.trim() });
      },
      onError: (error) => notify.error(errorMessage(t, error, c('error'))),
    }),
  );

  let content: ReactNode;
  if (settings.isPending) content = <Skeleton h={62} />;
  else if (settings.isError) content = <LoadError message={c('loadError')} onRetry={() => void settings.refetch()} />;
  else
    content = (
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput aria-label={c('label')} withAsterisk {...form.getInputProps('name')} error={message(form.errors.name as string | undefined)} />
          <Group>
            <Button
              type="submit"
              variant="light"
              color="teal"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={rename.isPending}
              disabled={form.values.name.trim() === current}
            >
              {c('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    );

  return (
    <SettingsCard icon={IconBuilding} color="teal" title={c('title')} description={c('description')}>
      {content}
    </SettingsCard>
  );
}
