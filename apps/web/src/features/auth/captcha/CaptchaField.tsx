import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../lib/messages';
import { AltchaWidget } from './AltchaWidget';
import { TurnstileWidget } from './TurnstileWidget';
import type { CaptchaFieldProps } from './useCaptcha';

/** Renders the provider the server chose (altcha, turnstile or nothing) and the verification message. */
export function CaptchaField({ config, handleRef, onChange, errorKey }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  const message = useMessage();
  if (!config || config.provider === 'off') return null;
  const error = message(errorKey);
  return (
    <Stack gap={6} role="group" aria-label={t('captcha.label')}>
      {config.provider === 'altcha' && config.challengeUrl && <AltchaWidget challengeUrl={config.challengeUrl} onChange={onChange} handleRef={handleRef} />}
      {config.provider === 'turnstile' && config.siteKey && <TurnstileWidget siteKey={config.siteKey} onChange={onChange} handleRef={handleRef} />}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
