import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Password input with an accessible show/hide toggle whose label follows its state. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      leftSection={<IconLock size={16} stroke={1.6} />}
      visible={visible}
      onVisibilityChange={setVisible}
      // Reachable with Tab (Mantine skips it by default): keyboard users can check what they typed too.
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': visible ? t('password.hide') : t('password.show') }}
      {...props}
    />
  );
}
