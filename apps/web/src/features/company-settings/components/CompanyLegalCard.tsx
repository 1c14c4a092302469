import { Button, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RUC_MAX, rucProblem } from '@presente/shared';
import { IconDeviceFloppy, IconLicense } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { SettingsCard } from '../../../components/SettingsCard';
import { ApiError } from '../../../lib/api';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { useCompanySettings } from '../../plan-usage/api';
import { useUpdateCompanyLegal } from '../api';

/**
 * The register's employer fields (decisions 0037, 0053): RUC and razón social, PUT /company/legal. For a company of
 * Peru the RUC is required and its check digit verified here and on the server.
 */
export function CompanyLegalCard() {
  const { t } = useTranslation('settings');
  const message = useMessage();
  const settings = useCompanySettings();
  const save = useUpdateCompanyLegal();
  const peru = (settings.data?.country ?? 'PE') === 'PE';
  const form = useForm({
    mode: 'controlled',
    initialValues: { ruc: '', legalName: '' },
    validate: {
      ruc: (v) => {
        const ruc = v.trim();
        if (ruc.length > RUC_MAX) return 'validation.rucMax';
        if (!peru) return null;
        return ruc ? rucProblem(ruc) : 'validation.rucRequiredPE';
      },
      legalName: (v) => (v.trim().length > 200 ? 'validation.legalNameMax' : null),
    },
  });
  const c = (key: string) => t(`companySettings.legal.${key}`);
  const saved = { ruc: settings.data?.ruc ?? '', legalName: settings.data?.legalName ?? '' };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the saved values change
  useEffect(() => {
    if (settings.data && !form.isDirty()) {
      form.setInitialValues(saved);
      form.setValues(saved);
    }
  }, [saved.ruc, saved.legalName, !!settings.data]);

  const submit = form.onSubmit((v) => {
    const body = { ruc: v.ruc.trim() || null, legalName: v.legalName.trim() || null };
    save.mutate(body, {
      onSuccess: (msg) => {
        notify.success(message(msg) || c('success'));
        form.setInitialValues({ ruc: body.ruc ?? '', legalName: body.legalName ?? '' });
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.errors?.find((e) => e.path === 'ruc') : undefined;
        if (field) form.setFieldError('ruc', field.message);
        else notify.error(errorMessage(t, error, c('error')));
      },
    });
  });

  let content: ReactNode;
  if (settings.isPending) content = <Skeleton h={120} />;
  else if (settings.isError) content = <LoadError message={t('companySettings.company.loadError')} onRetry={() => void settings.refetch()} />;
  else
    content = (
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput
            label={c('ruc')}
            description={peru ? c('rucHintPE') : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk={peru}
            inputMode={peru ? 'numeric' : undefined}
            maxLength={RUC_MAX}
            {...form.getInputProps('ruc')}
            error={message(form.errors.ruc as string | undefined)}
          />
          <TextInput label={c('legalName')} maxLength={200} {...form.getInputProps('legalName')} error={message(form.errors.legalName as string | undefined)} />
          <Group>
            <Button type="submit" variant="light" color="teal" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} disabled={!form.isDirty()}>
              {c('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    );

  return (
    <SettingsCard icon={IconLicense} color="teal" title={c('title')} description={c('description')}>
      {content}
    </SettingsCard>
  );
}
