import { Alert, Button, Group, Modal } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The modal of an own-account change: its form is mounted only while open (fresh state each time). */
export function AccountModal({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      radius="lg"
      styles={{ title: { fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {opened && children}
    </Modal>
  );
}

/** The end of an own-account form: the server's refusal, then Cancel and the submit button. */
export function AccountFormFooter(props: { error: string | null; cancel: string; submit: string; pending: boolean; disabled?: boolean; onCancel: () => void }) {
  return (
    <>
      {props.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {props.error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={props.onCancel} disabled={props.pending}>
          {props.cancel}
        </Button>
        <Button type="submit" loading={props.pending} disabled={props.disabled}>
          {props.submit}
        </Button>
      </Group>
    </>
  );
}
