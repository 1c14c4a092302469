import { Alert, Anchor, Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_COUNTRY, DEFAULT_LOCALE, DEFAULT_TIMEZONE, RUC_MAX } from '@presente/shared';
import { IconAlertCircle, IconBuilding, IconId, IconMail, IconMapPin, IconPhone, IconUser } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/PasswordField';
import { applyServerErrors } from '../../../lib/forms';
import { errorMessage, translateMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { openLegal } from '../../legal/openLegal';
import { type RegisterBody, useRegisterCompany } from '../api';
import { CaptchaField } from '../captcha/CaptchaField';
import { useCaptcha } from '../captcha/useCaptcha';
import { AuthLayout } from '../components/AuthLayout';
import { AuthHeading } from '../components/AuthPage';
import { CountryTimezoneFields } from '../components/CountryTimezoneFields';
import { lazyValidate, usePreloadAuthValidation, whenValidationReady } from '../lazyValidation';

type RegisterValues = Omit<RegisterBody, 'turnstileToken' | 'ruc' | 'legalName' | 'phone' | 'address' | 'city'> & {
  ruc: string;
  legalName: string;
  phone: string;
  address: string;
  city: string;
};

const INITIAL: RegisterValues = {
  name: '',
  ruc: '',
  legalName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  country: DEFAULT_COUNTRY,
  timezone: DEFAULT_TIMEZONE,
  locale: DEFAULT_LOCALE,
  adminName: '',
  adminEmail: '',
  password: '',
  confirmPassword: '',
};

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} radius="lg">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" mt="md">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

const optional = (value: string) => value.trim() || undefined;
/** The shared `registerInput` checks load after the page shows (lazyValidation.ts); submit waits for them if needed. */
const validateRegister = lazyValidate<RegisterValues>('validateRegister');

function OptionalLabel({ text, hint }: { text: string; hint: string }) {
  return (
    <>
      {text}{' '}
      <Text span size="xs" c="dimmed" fw={400}>
        ({hint})
      </Text>
    </>
  );
}

/** /register: company sign-up validated by the shared `registerInput` schema (spec §5). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const message = useMessage();
  const navigate = useNavigate();
  const register = useRegisterCompany();
  const captcha = useCaptcha();
  const [serverError, setServerError] = useState<string | null>(null);

  const form = useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: validateRegister,
  });
  usePreloadAuthValidation();
  const field = (name: keyof RegisterValues) => ({
    ...form.getInputProps(name),
    error: message(form.errors[name] as string | undefined),
  });

  const handleSubmit = form.onSubmit(
    (values) => {
      if (!captcha.ensureSolved()) return;
      setServerError(null);
      const body: RegisterBody = {
        ...values,
        name: values.name.trim(),
        email: values.email.trim(),
        adminName: values.adminName.trim(),
        adminEmail: values.adminEmail.trim(),
        ruc: optional(values.ruc),
        legalName: optional(values.legalName),
        phone: optional(values.phone),
        address: optional(values.address),
        city: optional(values.city),
        turnstileToken: captcha.token,
      };
      register.mutate(body, {
        onSuccess: () => {
          notify.success(translateMessage(t, 'auth.registerSuccess'));
          // The login opens with the administrator's e-mail filled in (walk-through finding 21).
          navigate('/login', { replace: true, state: { email: body.adminEmail } });
        },
        onError: (error) => {
          applyServerErrors(form, error);
          setServerError(errorMessage(t, error, t('register.failed')));
          captcha.reset();
        },
      });
    },
    () => {
      captcha.ensureSolved();
    },
  );
  const submit = whenValidationReady<FormEvent<HTMLFormElement>>(captcha.whenConfigured(handleSubmit));

  return (
    <AuthLayout pageTitle={t('register.title')} wide>
      <Stack gap="lg">
        <AuthHeading title={t('register.title')} subtitle={t('register.subtitle')} />
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <Section title={t('register.companySection')}>
              <TextInput
                label={t('register.name')}
                placeholder={t('register.namePlaceholder')}
                leftSection={<IconBuilding size={16} />}
                withAsterisk
                autoComplete="organization"
                {...field('name')}
              />
              <TextInput
                label={<OptionalLabel text={t('register.legalName')} hint={t('register.optional')} />}
                description={t('register.legalNameHint')}
                leftSection={<IconBuilding size={16} />}
                autoComplete="off"
                {...field('legalName')}
              />
              {form.values.country === 'PE' ? (
                <TextInput
                  label={t('register.ruc')}
                  description={t('register.rucHintPE')}
                  placeholder={t('register.rucPlaceholder')}
                  leftSection={<IconId size={16} />}
                  withAsterisk
                  inputMode="numeric"
                  maxLength={11}
                  {...field('ruc')}
                />
              ) : (
                <TextInput
                  label={<OptionalLabel text={t('register.ruc')} hint={t('register.optional')} />}
                  placeholder={t('register.rucPlaceholder')}
                  leftSection={<IconId size={16} />}
                  maxLength={RUC_MAX}
                  {...field('ruc')}
                />
              )}
              <TextInput
                label={t('register.email')}
                placeholder={t('register.emailPlaceholder')}
                type="email"
                leftSection={<IconMail size={16} />}
                withAsterisk
                {...field('email')}
              />
              <TextInput
                label={<OptionalLabel text={t('register.phone')} hint={t('register.optional')} />}
                type="tel"
                leftSection={<IconPhone size={16} />}
                autoComplete="tel"
                {...field('phone')}
              />
              <CountryTimezoneFields
                country={form.values.country}
                timezone={form.values.timezone}
                onCountryChange={(c) => form.setValues({ country: c.code, timezone: c.timezone, locale: c.locale })}
                onTimezoneChange={(tz) => form.setFieldValue('timezone', tz)}
              />
              <TextInput label={<OptionalLabel text={t('register.city')} hint={t('register.optional')} />} autoComplete="address-level2" {...field('city')} />
              <TextInput
                label={<OptionalLabel text={t('register.address')} hint={t('register.optional')} />}
                leftSection={<IconMapPin size={16} />}
                autoComplete="street-address"
                {...field('address')}
              />
            </Section>

            <Section title={t('register.adminSection')} hint={t('register.adminSectionHint')}>
              <TextInput
                label={t('register.adminName')}
                placeholder={t('register.adminNamePlaceholder')}
                leftSection={<IconUser size={16} />}
                withAsterisk
                autoComplete="name"
                {...field('adminName')}
              />
              <TextInput
                label={t('register.adminEmail')}
                placeholder={t('register.adminEmailPlaceholder')}
                type="email"
                leftSection={<IconMail size={16} />}
                withAsterisk
                autoComplete="email"
                {...field('adminEmail')}
              />
              <PasswordField
                label={t('fields.password')}
                placeholder={t('register.passwordHint')}
                withAsterisk
                autoComplete="new-password"
                {...field('password')}
              />
              <PasswordField
                label={t('fields.confirmPassword')}
                placeholder={t('fields.confirmPasswordPlaceholder')}
                withAsterisk
                autoComplete="new-password"
                {...field('confirmPassword')}
              />
            </Section>

            <Stack gap="md">
              <CaptchaField {...captcha.fieldProps} />
              {serverError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {serverError}
                </Alert>
              )}
              <Text size="xs" c="dimmed">
                {t('register.legalPrefix')}{' '}
                <Anchor component="button" type="button" size="xs" onClick={() => openLegal('terms')}>
                  {t('register.legalTerms')}
                </Anchor>{' '}
                {t('register.legalAnd')}{' '}
                <Anchor component="button" type="button" size="xs" onClick={() => openLegal('privacy')}>
                  {t('register.legalPrivacy')}
                </Anchor>
                .
              </Text>
              <Button type="submit" size="md" fullWidth loading={register.isPending}>
                {t('register.submit')}
              </Button>
              <Text ta="center" size="sm" c="dimmed">
                {t('register.haveAccount')}{' '}
                <Anchor component={Link} to="/login" fw={600}>
                  {t('register.loginLink')}
                </Anchor>
              </Text>
            </Stack>
          </Stack>
        </form>
      </Stack>
    </AuthLayout>
  );
}
