import { Alert, Checkbox, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SuperAdminCompany } from '@presente/shared';
import { IconMail, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import type { CompanyFormValues } from '../companyForm';
import { useFieldProps } from './CompanyFields';
import { FormSection } from './FormSection';

type Form = UseFormReturnType<CompanyFormValues>;

function SetupOption({ value, label, hint }: { value: 'manual' | 'email'; label: string; hint: string }) {
  return (
    <Radio.Card value={value} radius="md" p="sm" withBorder>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <div>
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
}

/**
 * The company's administrator. Create: name, email and the access option (email with a random password,
 * or manual with a temporary one). Edit: name and email, and a new password only when ticked (spec §5).
 */
export function CompanyAdminFields({ form, company }: { form: Form; company?: SuperAdminCompany | null }) {
  const { t } = useTranslation('dashboard');
  const field = useFieldProps(form);
  const f = (key: string) => t(`superAdmin.form.${key}`);
  const editing = Boolean(company);

  if (company && !company.admin) {
    return (
      <FormSection title={f('adminSection')}>
        <Alert color="gray" variant="light" style={{ gridColumn: '1 / -1' }}>
          {f('noAdmin')}
        </Alert>
      </FormSection>
    );
  }

  return (
    <FormSection title={f('adminSection')} hint={editing ? f('adminSectionEditHint') : undefined}>
      <TextInput label={f('adminName')} leftSection={<IconUser size={16} />} withAsterisk {...field('adminName')} />
      <TextInput label={f('adminEmail')} type="email" leftSection={<IconMail size={16} />} withAsterisk {...field('adminEmail')} />
      {editing ? (
        <Stack gap="sm" style={{ gridColumn: '1 / -1' }}>
          <Checkbox
            label={f('changeAdminPassword')}
            description={f('changeAdminPasswordHint')}
            {...form.getInputProps('changeAdminPassword', { type: 'checkbox' })}
          />
          {form.values.changeAdminPassword && (
            <PasswordField
              label={f('newAdminPassword')}
              placeholder={f('passwordPlaceholder')}
              autoComplete="new-password"
              withAsterisk
              maw={{ sm: '50%' }}
              {...field('adminPassword')}
            />
          )}
        </Stack>
      ) : (
        <Stack gap="sm" style={{ gridColumn: '1 / -1' }}>
          <Radio.Group label={f('setupType')} withAsterisk {...form.getInputProps('setupType')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={6}>
              <SetupOption value="email" label={f('setupEmail')} hint={f('setupEmailHint')} />
              <SetupOption value="manual" label={f('setupManual')} hint={f('setupManualHint')} />
            </SimpleGrid>
          </Radio.Group>
          {form.values.setupType === 'manual' && (
            <PasswordField
              label={f('adminPassword')}
              placeholder={f('passwordPlaceholder')}
              autoComplete="new-password"
              withAsterisk
              maw={{ sm: '50%' }}
              {...field('adminPassword')}
            />
          )}
        </Stack>
      )}
    </FormSection>
  );
}
