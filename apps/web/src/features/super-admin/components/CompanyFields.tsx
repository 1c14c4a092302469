import { Checkbox, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PLAN_LIMITS, PLANS, RUC_MAX } from '@presente/shared';
import { IconBuilding, IconId, IconMail, IconMapPin, IconPhone, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../lib/messages';
import { CountryTimezoneFields } from '../../auth/components/CountryTimezoneFields';
import type { CompanyFormValues } from '../companyForm';
import { FormSection, OptionalLabel } from './FormSection';

type Form = UseFormReturnType<CompanyFormValues>;

/** Inputs bound to the form with their (translated) error. */
export function useFieldProps(form: Form) {
  const message = useMessage();
  return (name: keyof CompanyFormValues) => ({ ...form.getInputProps(name), error: message(form.errors[name] as string | undefined) });
}

/** Company details: name, RUC, razón social, email, phone, country/timezone, city, address. */
export function CompanyDetailsFields({ form }: { form: Form }) {
  const { t } = useTranslation('dashboard');
  const field = useFieldProps(form);
  const f = (key: string) => t(`superAdmin.form.${key}`);
  return (
    <FormSection title={f('companySection')}>
      <TextInput label={f('name')} leftSection={<IconBuilding size={16} />} withAsterisk data-autofocus {...field('name')} />
      <TextInput
        label={f('ruc')}
        description={t('superAdmin.form.rucHint', { max: RUC_MAX })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        leftSection={<IconId size={16} />}
        withAsterisk
        {...field('ruc')}
      />
      <TextInput label={<OptionalLabel text={f('legalName')} hint={f('optional')} />} leftSection={<IconBuilding size={16} />} {...field('legalName')} />
      <TextInput label={f('email')} type="email" leftSection={<IconMail size={16} />} withAsterisk {...field('email')} />
      <TextInput label={<OptionalLabel text={f('phone')} hint={f('optional')} />} type="tel" leftSection={<IconPhone size={16} />} {...field('phone')} />
      <CountryTimezoneFields
        country={form.values.country}
        timezone={form.values.timezone}
        onCountryChange={(c) => form.setValues({ country: c.code, timezone: c.timezone, locale: c.locale })}
        onTimezoneChange={(tz) => form.setFieldValue('timezone', tz)}
      />
      <TextInput label={<OptionalLabel text={f('city')} hint={f('optional')} />} {...field('city')} />
      <TextInput label={<OptionalLabel text={f('address')} hint={f('optional')} />} leftSection={<IconMapPin size={16} />} {...field('address')} />
    </FormSection>
  );
}

/** Plan, maximum employees (or Ilimitado = -1) and status; SUSPENDED is shown but not selectable (spec §4). */
export function PlanStatusFields({ form }: { form: Form }) {
  const { t } = useTranslation('dashboard');
  const field = useFieldProps(form);
  const f = (key: string) => t(`superAdmin.form.${key}`);
  return (
    <FormSection title={f('planSection')}>
      <Select
        label={f('plan')}
        data={PLANS.map((p) => ({ value: p, label: t(`superAdmin.companies.plans.${p}`) }))}
        allowDeselect={false}
        withAsterisk
        {...field('plan')}
      />
      <Select
        label={f('status')}
        description={f('suspendedHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={[
          { value: 'ACTIVE', label: t('superAdmin.companies.statuses.ACTIVE') },
          { value: 'INACTIVE', label: t('superAdmin.companies.statuses.INACTIVE') },
          { value: 'SUSPENDED', label: t('superAdmin.companies.statuses.SUSPENDED'), disabled: true },
        ]}
        allowDeselect={false}
        withAsterisk
        {...field('status')}
      />
      <Stack gap={6}>
        <NumberInput
          label={f('maxEmployees')}
          // The one rule (plans.ts limitFor): FREE allows the smaller of 5 and this maximum.
          description={
            form.values.plan === 'FREE'
              ? t('superAdmin.form.maxEmployeesFreeHint', { limit: PLAN_LIMITS.FREE.employees })
              : t('superAdmin.form.maxEmployeesPremiumHint')
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          leftSection={<IconUsers size={16} />}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          withAsterisk
          disabled={form.values.unlimited}
          {...field('maxEmployees')}
          value={form.values.unlimited ? '' : form.values.maxEmployees}
          placeholder={form.values.unlimited ? f('unlimited') : undefined}
        />
        <Checkbox label={f('unlimited')} description={f('unlimitedHint')} {...form.getInputProps('unlimited', { type: 'checkbox' })} />
      </Stack>
    </FormSection>
  );
}
