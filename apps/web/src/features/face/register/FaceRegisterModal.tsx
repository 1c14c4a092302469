import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { FACE_NOTICE_VERSION, type FaceNoticeVersion } from '@presente/shared';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import type { Employee } from '../../employees/api';
import { faceSettingsKey, useDeleteFace, useRegisterFace } from '../api';
import { type Capture, CaptureStep } from './CaptureStep';
import { ConsentStep } from './ConsentStep';

/** The spec's states (§4): camera and preview are the capture step; uploading keeps the camera on. */
type Step = 'notice' | 'capture' | 'success';

/** The capture the server refused, from errors[].path 'image[i]'. */
function failedIndex(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  for (const e of error.errors ?? []) {
    const m = /^image\[(\d+)\]$/.exec(e.path);
    if (m) return Number(m[1]);
  }
  return null;
}

/**
 * Face registration by camera (spec §2, §4): the worker's own consent (decision 0035: signed in their account or here
 * by the worker, never ticked by the admin), then
 * camera with live guidance and captures, uploading, success or the server's error with a retry.
 * Registering again replaces the earlier face; an existing face can also be removed here.
 */
export function FaceRegisterModal({ employee, onClose }: { employee: Employee | null; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const [step, setStep] = useState<Step>('notice');
  const [captures, setCaptures] = useState<Capture[]>([]);
  const [error, setError] = useState<{ message: string; failed: number | null } | null>(null);
  const [successMessage, setSuccessMessage] = useState('');
  const [noticeVersion, setNoticeVersion] = useState<FaceNoticeVersion>(FACE_NOTICE_VERSION);
  const queryClient = useQueryClient();
  const register = useRegisterFace();
  const removeFace = useDeleteFace();
  const name = employee ? `${employee.firstName} ${employee.lastName}` : '';
  const registered = !!employee?.faceData?.isActive;

  // A new employee starts over; thumbnails' object URLs are released.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per employee
  useEffect(() => {
    setStep('notice');
    setError(null);
    setCaptures((old) => {
      for (const c of old) URL.revokeObjectURL(c.url);
      return [];
    });
  }, [employee?.id]);

  const add = (blob: Blob) => setCaptures((list) => (list.length >= 5 ? list : [...list, { blob, url: URL.createObjectURL(blob) }]));
  const remove = (index: number) => {
    setCaptures((list) => {
      URL.revokeObjectURL(list[index]?.url ?? '');
      return list.filter((_, i) => i !== index);
    });
    setError((e) => (e && e.failed === index ? { ...e, failed: null } : e));
  };

  const submit = () => {
    if (!employee) return;
    setError(null);
    register.mutate(
      { employeeId: employee.id, captures: captures.map((c) => c.blob), noticeVersion },
      {
        onSuccess: ({ message }) => {
          setSuccessMessage(message ?? t('faceRegister.success'));
          notify.success(message ?? t('faceRegister.success'));
          setStep('success');
        },
        onError: (e) => {
          // The company's notice changed meanwhile (photo option): show the current one again; captures are kept.
          if (e instanceof ApiError && e.errors?.some((x) => x.path === 'noticeVersion')) {
            notify.error(errorMessage(t, e, t('faceRegister.error')));
            void queryClient.invalidateQueries({ queryKey: faceSettingsKey });
            setStep('notice');
            return;
          }
          setError({ message: errorMessage(t, e, t('faceRegister.error')), failed: failedIndex(e) });
        },
      },
    );
  };

  const confirmRemoveFace = () => {
    if (!employee) return;
    modals.openConfirmModal({
      title: t('faceRegister.remove.title'),
      centered: true,
      children: <Text size="sm">{t('faceRegister.remove.message', { name })}</Text>,
      labels: { confirm: t('faceRegister.remove.confirm'), cancel: t('faceRegister.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removeFace.mutate(employee.id, {
          onSuccess: (message) => {
            notify.success(message ?? t('faceRegister.remove.done'));
            onClose();
          },
          onError: (e) => notify.error(errorMessage(t, e, t('faceRegister.remove.error'))),
        }),
    });
  };

  const title = registered ? t('faceRegister.titleUpdate', { name }) : t('faceRegister.title', { name });
  return (
    <Modal opened={employee !== null} onClose={onClose} title={title} size="lg" centered closeOnClickOutside={false}>
      {employee && step === 'notice' && (
        <Stack gap="md">
          {registered && (
            <Group justify="space-between" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
              <Text size="sm">{t('faceRegister.replaceHint')}</Text>
              <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} onClick={confirmRemoveFace} loading={removeFace.isPending}>
                {t('faceRegister.remove.action')}
              </Button>
            </Group>
          )}
          <ConsentStep
            employee={employee}
            onConsented={(version) => {
              setNoticeVersion(version);
              setStep('capture');
            }}
            onCancel={onClose}
          />
        </Stack>
      )}
      {employee && step === 'capture' && (
        <CaptureStep
          captures={captures}
          onAdd={add}
          onRemove={remove}
          error={error?.message ?? null}
          failed={error?.failed ?? null}
          onSubmit={submit}
          uploading={register.isPending}
          onCancel={onClose}
        />
      )}
      {step === 'success' && (
        <Stack align="center" gap="sm" py="lg" role="status">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={40} />
          </ThemeIcon>
          <Text fw={700} ta="center">
            {successMessage}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {t('faceRegister.successHint', { name })}
          </Text>
          <Button onClick={onClose} mt="sm">
            {t('faceRegister.close')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
