import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { PayrollRulesInput, PayrollSettings } from '@presente/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { ServerError, useServerForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';

const PATH = '/company-admin-simple/payroll/settings';
export const payrollSettingsKey = ['report', 'payroll', 'settings'] as const;

/** "Reglas de nómina" (decision 0059): the hours a day and a week, the overtime bands and approval, the night window and the rest day. */
export function PayrollRulesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: payrollSettingsKey, enabled: opened, queryFn: async () => (await api.get<PayrollSettings>(PATH)).data! });
  const save = useMutation({ mutationFn: (rules: PayrollRulesInput) => api.put<PayrollSettings>(PATH, rules) });
  const { form, field, fail, serverError, clearServerError } = useServerForm<PayrollRulesInput>({
    mode: 'controlled',
    initialValues: { dailyHours: 8, weeklyHours: 48, firstBandHours: 2, overtimeNeedsApproval: true, nightStart: '22:00', nightEnd: '06:00', restDay: 7 },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once the company's rules arrive
  useEffect(() => {
    if (settings.data && opened) {
      form.setValues(settings.data.rules);
      clearServerError();
    }
  }, [settings.data, opened]);

  const submit = form.onSubmit((values) => {
    clearServerError();
    save.mutate(values, {
      onSuccess: (res) => {
        notify.success(res.message ?? t('reports.payroll.rules.saved'));
        void queryClient.invalidateQueries({ queryKey: ['report', 'payroll'] });
        onClose();
      },
      onError: (err) => fail(err, t('reports.payroll.rules.saveError')),
    });
  });
  const max = settings.data?.legalMax;
  const days = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: t(`reports.payroll.rules.weekday.${d}`) }));
  const restDay = field('restDay');

  return (
    <Modal opened={opened} onClose={onClose} title={t('reports.payroll.rules.title')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ServerError message={serverError} />
          {max && (
            <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} />}>
              {t('reports.payroll.rules.legal', { daily: max.dailyHours, weekly: max.weeklyHours })}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput label={t('reports.payroll.rules.dailyHours')} min={1} max={12} allowDecimal={false} {...field('dailyHours')} />
            <NumberInput label={t('reports.payroll.rules.weeklyHours')} min={1} max={72} allowDecimal={false} {...field('weeklyHours')} />
            <NumberInput label={t('reports.payroll.rules.firstBandHours')} min={0} max={4} allowDecimal={false} {...field('firstBandHours')} />
          </SimpleGrid>
          <Switch
            label={t('reports.payroll.rules.overtimeNeedsApproval')}
            description={t('reports.payroll.rules.overtimeNeedsApprovalHint')}
            {...form.getInputProps('overtimeNeedsApproval', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('reports.payroll.rules.nightStart')} placeholder="22:00" {...field('nightStart')} />
            <TextInput label={t('reports.payroll.rules.nightEnd')} placeholder="06:00" {...field('nightEnd')} />
            <Select
              label={t('reports.payroll.rules.restDay')}
              data={days}
              allowDeselect={false}
              value={String(form.getValues().restDay)}
              onChange={(v) => form.setFieldValue('restDay', Number(v))}
              error={restDay.error}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('reports.payroll.rules.source')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('reports.payroll.rules.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!settings.data}>
              {t('reports.payroll.rules.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
