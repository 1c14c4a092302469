import type { Language } from '../constants.js';

/**
 * Messages of the super admin area (spec §5 company form and super admin settings, §8 companies and
 * super admin password/email). Spanish is the spec's wording; keys without a spec text use plain Spanish.
 */
export const ADMIN_MESSAGES = {
  // confirmations (spec §8)
  'admin.companyCreated': { es: 'Empresa creada exitosamente', en: 'Company created successfully' },
  'admin.companyUpdated': { es: 'Empresa actualizada exitosamente', en: 'Company updated successfully' },
  'admin.companyDeleted': { es: 'Empresa eliminada exitosamente', en: 'Company deleted successfully' },
  'admin.adminActivated': { es: 'Administrador activado exitosamente', en: 'Administrator activated successfully' },
  'admin.adminDeactivated': { es: 'Administrador desactivado exitosamente', en: 'Administrator deactivated successfully' },
  'admin.passwordChanged': { es: 'Contraseña actualizada exitosamente', en: 'Password updated successfully' },
  'admin.emailChanged': { es: 'Email actualizado exitosamente', en: 'Email updated successfully' },
  'admin.welcomeMailFailed': {
    es: 'Empresa creada, pero no se pudo enviar el email al administrador. Asígnale una contraseña desde Editar empresa.',
    en: 'Company created, but the email to the administrator could not be sent. Set a password for them from Edit company.',
  },
  // not found
  'admin.billingFlagCleared': { es: 'Revisión de cobro cerrada', en: 'Billing review closed' },
  'admin.billingFlagNone': { es: 'Esta empresa no tiene un cobro por revisar', en: 'This company has no billing to review' },
  'admin.companyNotFound': { es: 'Empresa no encontrada', en: 'Company not found' },
  'admin.adminNotFound': { es: 'La empresa no tiene administrador', en: 'The company has no administrator' },
  // company form (spec §5)
  'admin.rucRequired': { es: 'El RUC es requerido', en: 'Tax ID is required' },
  'admin.planInvalid': { es: 'El plan debe ser FREE o PREMIUM', en: 'The plan must be FREE or PREMIUM' },
  'admin.maxEmployeesInvalid': {
    es: 'El máximo de empleados debe ser un número entero mayor o igual a 1 (o -1 para ilimitado)',
    en: 'Maximum employees must be a whole number of at least 1 (or -1 for unlimited)',
  },
  'admin.maxEmployeesTooLarge': {
    es: 'El máximo de empleados debe estar entre 1 y 100000 (o -1 para ilimitado)',
    en: 'Maximum employees must be between 1 and 100000 (or -1 for unlimited)',
  },
  'admin.limitBelowActiveEmployees': {
    es: 'La empresa tiene {count} empleados activos y el nuevo plan permite {limit}. Desactiva empleados antes de reducir el límite',
    en: 'The company has {count} active employees and the new plan allows {limit}. Deactivate employees before lowering the limit',
  },
  'admin.limitBelowSchedules': {
    es: 'La empresa tiene {count} horarios y el nuevo plan permite {limit}. Elimina horarios antes de cambiar el plan',
    en: 'The company has {count} schedules and the new plan allows {limit}. Delete schedules before changing the plan',
  },
  'admin.limitBelowLocations': {
    es: 'La empresa tiene {count} ubicaciones de trabajo y el nuevo plan permite {limit}. Elimina ubicaciones antes de cambiar el plan',
    en: 'The company has {count} work locations and the new plan allows {limit}. Delete work locations before changing the plan',
  },
  'admin.limitBelowLinks': {
    es: 'La empresa tiene {count} enlaces de asistencia y el nuevo plan permite {limit}. Elimina enlaces antes de cambiar el plan',
    en: 'The company has {count} attendance links and the new plan allows {limit}. Delete links before changing the plan',
  },
  'admin.statusInvalid': { es: 'El estado debe ser ACTIVE o INACTIVE', en: 'The status must be ACTIVE or INACTIVE' },
  'admin.statusSuspendedNotSelectable': {
    es: 'El estado SUSPENDED no se puede seleccionar; elige ACTIVE o INACTIVE',
    en: 'The SUSPENDED status cannot be selected; choose ACTIVE or INACTIVE',
  },
  'admin.setupTypeInvalid': {
    es: 'La configuración de acceso debe ser manual o email',
    en: 'The access setup must be manual or email',
  },
  'admin.passwordRequiredManual': {
    es: 'La contraseña es requerida cuando se configura manualmente',
    en: 'The password is required when setting up access manually',
  },
  'admin.isActiveRequired': { es: 'Indica si el administrador queda activo', en: 'Say whether the administrator is active' },
  // super admin password and email (spec §5, §8)
  'admin.currentPasswordRequired': { es: 'La contraseña actual es requerida', en: 'Current password is required' },
  'admin.newPasswordRequired': { es: 'La nueva contraseña es requerida', en: 'New password is required' },
  'admin.confirmPasswordRequired': { es: 'Confirma la nueva contraseña', en: 'Confirm the new password' },
  'admin.currentPasswordWrong': { es: 'Contraseña actual incorrecta', en: 'Current password is incorrect' },
  'admin.passwordSameAsCurrent': {
    es: 'La nueva contraseña debe ser diferente a la actual',
    en: 'The new password must be different from the current one',
  },
  'admin.emailInvalid': { es: 'Por favor ingrese un email válido', en: 'Please enter a valid email' },
  'admin.emailSameAsCurrent': {
    es: 'El nuevo email debe ser diferente al actual',
    en: 'The new email must be different from the current one',
  },
} as const satisfies Record<string, Record<Language, string>>;
