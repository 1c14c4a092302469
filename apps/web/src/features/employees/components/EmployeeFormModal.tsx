import { Alert, Button, Divider, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  DOCUMENT_TYPES,
  type DocumentType,
  documentRequiredIn,
  employeeCreateInput,
  employeeCreateInputIn,
  employeeUpdateInput,
  employeeUpdateInputIn,
} from '@presente/shared';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/DayInput';
import { PasswordField } from '../../../components/PasswordField';
import { applyServerErrors } from '../../../lib/forms';
import { errorMessage, useMessage } from '../../../lib/messages';
import { notify } from '../../../lib/notify';
import { formatShiftRange } from '../../../lib/shiftTimes';
import { useScheduleOptions } from '../../schedules/api';
import { type Employee, type EmployeeStatus, useCreateEmployee, useDepartments, useUpdateEmployee } from '../api';

export interface EmployeeFormValues {
  firstName: string;
  lastName: string;
  email: string;
  employeeCode: string;
  documentType: DocumentType | null;
  documentNumber: string;
  position: string;
  phone: string;
  scheduleId: string | null;
  departmentId: string | null;
  status: EmployeeStatus;
  hireDate: string | null;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: EmployeeFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  employeeCode: '',
  documentType: null,
  documentNumber: '',
  position: '',
  phone: '',
  scheduleId: null,
  departmentId: null,
  status: 'ACTIVE',
  hireDate: null,
  newPassword: '',
  confirmPassword: '',
};

function valuesOf(employee: Employee | null): EmployeeFormValues {
  if (!employee) return EMPTY;
  return {
    ...EMPTY,
    firstName: employee.firstName,
    lastName: employee.lastName,
    email: employee.email,
    employeeCode: employee.employeeCode,
    documentType: employee.documentType ?? null,
    documentNumber: employee.documentNumber ?? '',
    position: employee.position ?? '',
    phone: employee.phone ?? '',
    scheduleId: employee.scheduleId,
    departmentId: employee.departmentId,
    status: employee.status,
    hireDate: employee.hireDate,
  };
}

/**
 * Shared schema rules (spec §5) for the company's country (a Peruvian company's worker needs the document: decision
 * 0062; the server applies the same rule to the company it stores), plus the edit form's password confirmation.
 */
export function validateEmployee(values: EmployeeFormValues, editing: boolean, country?: string | null) {
  const schema = editing ? employeeUpdateInputIn(country) : employeeCreateInputIn(country);
  const errors = schemaResolver(schema, { sync: true })(values);
  if (editing) {
    if (values.confirmPassword && !values.newPassword) errors.newPassword = 'employee.newPasswordRequired';
    else if (values.newPassword && values.newPassword !== values.confirmPassword) errors.confirmPassword = 'validation.passwordsMismatch';
  }
  return errors;
}

interface EmployeeFormModalProps {
  opened: boolean;
  /** null = create. */
  employee: Employee | null;
  onClose: () => void;
  /** Called with a failed create; true when it was a plan limit (the caller opens the upgrade prompt). */
  onPlanLimit: (error: unknown) => boolean;
  /** The company's country (GET /company/settings): Peru marks the document fields required. */
  country?: string | null;
}

/** Create / edit an employee (spec §2, §5): creation mails a password; editing may set a new one. */
export function EmployeeFormModal({ opened, employee, onClose, onPlanLimit, country }: EmployeeFormModalProps) {
  const { t } = useTranslation('dashboard');
  const message = useMessage();
  const editing = employee !== null;
  const documentRequired = documentRequiredIn(country);
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const schedules = useScheduleOptions(opened);
  const departments = useDepartments();
  const [serverError, setServerError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A long form scrolls: bring the first field with an error into view.
  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const form = useForm<EmployeeFormValues>({ mode: 'controlled', initialValues: EMPTY, validate: (values) => validateEmployee(values, editing, country) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens for another employee
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(employee));
    form.resetDirty(valuesOf(employee));
    form.clearErrors();
    setServerError(null);
  }, [opened, employee]);

  const field = (name: keyof EmployeeFormValues) => ({ ...form.getInputProps(name), error: message(form.errors[name] as string | undefined) });

  const onError = (error: unknown, fallback: string) => {
    if (!editing && onPlanLimit(error)) return;
    applyServerErrors(form, error);
    setServerError(errorMessage(t, error, fallback));
  };

  const submit = form.onSubmit((values) => {
    setServerError(null);
    if (employee) {
      const body = employeeUpdateInput.parse(values);
      update.mutate(
        { id: employee.id, body },
        {
          onSuccess: (res) => {
            notify.success(res.message ?? t('employees.success.updated'));
            onClose();
          },
          onError: (error) => onError(error, t('employees.errors.update')),
        },
      );
      return;
    }
    create.mutate(employeeCreateInput.parse(values), {
      onSuccess: (res) => {
        notify.success(res.message ?? t('employees.success.created'));
        if (res.warning) notify.error(res.warning);
        onClose();
      },
      onError: (error) => onError(error, t('employees.errors.create')),
    });
  }, focusFirstInvalid);

  const scheduleData = (schedules.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${formatShiftRange(s)})` }));
  const departmentData = (departments.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  const statusData = (['ACTIVE', 'INACTIVE'] as const).map((s) => ({ value: s, label: t(`employees.status.${s}`) }));
  const pending = create.isPending || update.isPending;

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? t('employees.form.titleEdit') : t('employees.form.titleCreate')} size="xl" centered>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          {serverError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError}
            </Alert>
          )}
          <Divider label={t('employees.form.personal')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('employees.form.firstName')} withAsterisk data-autofocus autoComplete="off" {...field('firstName')} />
            <TextInput label={t('employees.form.lastName')} withAsterisk autoComplete="off" {...field('lastName')} />
            <TextInput label={t('employees.form.email')} withAsterisk type="email" autoComplete="off" {...field('email')} />
            <TextInput label={t('employees.form.phone')} type="tel" autoComplete="off" {...field('phone')} />
            <Select
              label={t('employees.form.documentType')}
              placeholder={t('employees.form.documentTypeNone')}
              data={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`employees.form.documentTypes.${d}`) }))}
              clearable
              allowDeselect
              withAsterisk={documentRequired}
              {...field('documentType')}
            />
            <TextInput
              label={t('employees.form.documentNumber')}
              description={t('employees.form.documentHint')}
              withAsterisk={documentRequired}
              autoComplete="off"
              {...field('documentNumber')}
            />
          </SimpleGrid>
          <Divider label={t('employees.form.work')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('employees.form.employeeCode')} withAsterisk autoComplete="off" {...field('employeeCode')} />
            <TextInput label={t('employees.form.position')} autoComplete="off" {...field('position')} />
            <Select
              label={t('employees.form.schedule')}
              placeholder={t('employees.noSchedule')}
              data={scheduleData}
              clearable
              searchable
              nothingFoundMessage={t('employees.noSchedule')}
              {...field('scheduleId')}
            />
            <Select
              label={t('employees.form.department')}
              placeholder={t('employees.noDepartment')}
              data={departmentData}
              clearable
              searchable
              {...field('departmentId')}
            />
            <Select label={t('employees.form.status')} data={statusData} allowDeselect={false} {...field('status')} />
            <DayInput label={t('employees.form.hireDate')} placeholder={t('employees.form.datePlaceholder')} clearable {...field('hireDate')} />
          </SimpleGrid>
          {editing ? (
            <>
              <Divider label={t('employees.form.passwordSection')} labelPosition="left" />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <PasswordField label={t('employees.form.newPassword')} autoComplete="new-password" {...field('newPassword')} />
                <PasswordField label={t('employees.form.confirmPassword')} autoComplete="new-password" {...field('confirmPassword')} />
              </SimpleGrid>
              <Text size="xs" c="dimmed" mt={-8}>
                {t('employees.form.passwordHint')}
              </Text>
            </>
          ) : (
            <Alert variant="light" color="indigo" icon={<IconMail size={18} />}>
              {t('employees.form.passwordNote')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('employees.actions.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {editing ? t('employees.actions.save') : t('employees.actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
