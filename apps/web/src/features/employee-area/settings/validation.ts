import { employeeEmailInput, employeePasswordInput } from '@presente/shared';
import type { PasswordValues } from '../../../components/account/ChangePasswordModal';

/**
 * Spec §5 employee password change, with the shared schema the API uses: every field required (the
 * submit stays disabled until then), min 6, the confirmation must match. Errors are catalogue keys.
 */
export function validateEmployeePassword(values: PasswordValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = employeePasswordInput.safeParse(values);
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (!values.confirmPassword) errors.confirmPassword = 'profile.allFieldsRequired';
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'validation.passwordsMismatch';
  return errors;
}

/** Spec §5 employee email: non-empty and an address, else 'Por favor ingresa un email válido'. */
export function validateEmployeeEmail(newEmail: string): string | null {
  const result = employeeEmailInput.safeParse({ newEmail });
  return result.success ? null : (result.error.issues[0]?.message ?? 'employeeArea.emailInvalid');
}
