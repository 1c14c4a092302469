import type { Language } from '../constants.js';

/**
 * Messages the API sends (errors, validation, confirmations), in the spec's Spanish (§5, §8) and English.
 * Zod schemas carry these keys as their messages; the server answers in the request's language and the
 * web app shows the same words for client-side validation.
 */
export const CORE_MESSAGES = {
  // generic errors by code
  'error.validation_failed': { es: 'Datos inválidos', en: 'Invalid data' },
  'error.unauthorized': { es: 'No autenticado', en: 'Not authenticated' },
  'error.forbidden': { es: 'No tienes permiso para esta acción', en: 'You are not allowed to do this' },
  'error.not_found': { es: 'No encontrado', en: 'Not found' },
  'error.conflict': { es: 'El recurso ya existe', en: 'The resource already exists' },
  // database safety net (plugins/error-handler): what PostgreSQL refused, never a 500
  'error.numberOutOfRange': { es: 'Un número está fuera del rango permitido', en: 'A number is out of the allowed range' },
  'error.referenceNotFound': { es: 'Un elemento relacionado no existe', en: 'A related item does not exist' },
  'error.stillReferenced': {
    es: 'No se puede eliminar porque otros registros lo usan',
    en: 'It cannot be deleted because other records use it',
  },
  'error.rate_limited': {
    es: 'Demasiados intentos. Intenta de nuevo en unos minutos.',
    en: 'Too many attempts. Try again in a few minutes.',
  },
  'error.internal': { es: 'Error del servidor. Intenta nuevamente en unos minutos.', en: 'Server error. Try again in a few minutes.' },
  // the database is unreachable or too busy to answer in time (plugins/error-handler; decision 0021)
  'error.service_unavailable': {
    es: 'El servicio no está disponible en este momento. Intenta de nuevo en unos segundos.',
    en: 'The service is unavailable right now. Try again in a few seconds.',
  },
  // a multipart upload cut short (the connection dropped mid-send; decision 0028)
  'error.incomplete_upload': {
    es: 'El envío llegó incompleto. Vuelve a intentarlo.',
    en: 'The upload arrived incomplete. Try again.',
  },
  'error.origin_mismatch': { es: 'Origen de la solicitud no permitido', en: 'Request origin not allowed' },
  'error.plan_limit_reached': {
    es: 'Has alcanzado el límite de tu plan. Actualiza a Premium para continuar.',
    en: 'You have reached your plan limit. Upgrade to Premium to continue.',
  },
  // auth
  'auth.invalidCredentials': { es: 'Credenciales inválidas', en: 'Invalid credentials' },
  'auth.accountInactive': {
    es: 'Tu cuenta está desactivada. Contacta al administrador.',
    en: 'Your account is deactivated. Contact your administrator.',
  },
  'auth.companyInactive': {
    es: 'La empresa está inactiva. Contacta al soporte.',
    en: 'The company is inactive. Contact support.',
  },
  'auth.loginSuccess': { es: '¡Bienvenido al sistema!', en: 'Login successful' },
  'auth.logoutSuccess': { es: 'Sesión cerrada', en: 'Logged out' },
  'auth.captchaFailed': { es: 'Error en la verificación de seguridad', en: 'Security verification failed' },
  'auth.captchaExpired': {
    es: 'La verificación ha expirado, por favor intenta de nuevo',
    en: 'The verification has expired, please try again',
  },
  'auth.captchaRequired': {
    es: 'Por favor, completa la verificación de seguridad',
    en: 'Please complete the security verification',
  },
  'auth.emailRequired': { es: 'El email es requerido', en: 'Email is required' },
  'auth.passwordRequired': { es: 'La contraseña es requerida', en: 'Password is required' },
  'auth.registerSuccess': {
    es: 'Empresa registrada exitosamente, inicia sesión',
    en: 'Registration successful',
  },
  'auth.emailTaken': {
    es: 'Ya existe una cuenta con ese email',
    en: 'An account with that email already exists',
  },
  'auth.forgotSuccess': {
    es: 'Si el email existe en nuestro sistema, recibirás un enlace de recuperación',
    en: 'If the email exists in our system, you will receive a recovery link',
  },
  'account.undoInvalid': {
    es: 'El enlace para revertir el cambio de correo no es válido o ya se usó',
    en: 'The link to undo the email change is not valid or was already used',
  },
  'account.emailRestored': {
    es: 'Tu correo de acceso fue restaurado y se cerraron todas las sesiones. Crea una nueva contraseña.',
    en: 'Your login email was restored and every session ended. Set a new password.',
  },
  'auth.resetInvalid': {
    es: 'Token de restablecimiento inválido o expirado',
    en: 'Invalid or expired reset token',
  },
  'auth.resetSuccess': {
    es: 'Contraseña restablecida exitosamente',
    en: 'Password reset successfully',
  },
  // validation (spec §5)
  'validation.companyNameRequired': { es: 'El nombre de la empresa es requerido', en: 'Company name is required' },
  'validation.companyEmailRequired': { es: 'El email de la empresa es requerido', en: 'Company email is required' },
  'validation.adminNameRequired': { es: 'El nombre del administrador es requerido', en: 'Administrator name is required' },
  'validation.adminEmailRequired': { es: 'El email del administrador es requerido', en: 'Administrator email is required' },
  'validation.passwordRequired': { es: 'La contraseña es requerida', en: 'Password is required' },
  'validation.passwordMin8': {
    es: 'La contraseña debe tener al menos 8 caracteres',
    en: 'Password must be at least 8 characters',
  },
  'validation.passwordMin6': {
    es: 'La contraseña debe tener al menos 6 caracteres',
    en: 'Password must be at least 6 characters',
  },
  'validation.passwordsMismatch': { es: 'Las contraseñas no coinciden', en: "Passwords don't match" },
  'validation.emailInvalid': {
    es: 'Por favor ingresa un correo electrónico válido',
    en: 'Please enter a valid email address',
  },
  'validation.dateRequired': { es: 'La fecha es requerida', en: 'The date is required' },
  'validation.dateOutOfRange': {
    es: 'La fecha debe estar entre los años 2000 y 2100',
    en: 'The date must be between the years 2000 and 2100',
  },
  'validation.hireDateOutOfRange': {
    es: 'La fecha de ingreso debe estar entre los años 1900 y 2100',
    en: 'The hire date must be between the years 1900 and 2100',
  },
  'validation.rangeTooLong': {
    es: 'El rango de fechas es demasiado largo (máximo 397 días)',
    en: 'The date range is too long (397 days at most)',
  },
  'validation.textInvalid': {
    es: 'El texto contiene caracteres no permitidos',
    en: 'The text contains characters that are not allowed',
  },
  'validation.emailEnter': { es: 'Por favor ingresa tu correo electrónico', en: 'Please enter your email address' },
  'validation.rucMax': {
    es: 'El RUC debe tener como máximo 20 caracteres',
    en: 'The tax ID must be at most 20 characters',
  },
  'validation.countryInvalid': { es: 'País no válido', en: 'Invalid country' },
  'validation.timezoneInvalid': { es: 'Zona horaria no válida para el país', en: 'Invalid time zone for the country' },
  'validation.tokenRequired': { es: 'Token de restablecimiento inválido', en: 'Invalid reset token' },
  'validation.newPasswordRequired': { es: 'Por favor ingresa una nueva contraseña', en: 'Please enter a new password' },
  'validation.tooLong': { es: 'El texto es demasiado largo', en: 'The text is too long' },
  'validation.invalid': { es: 'Valor inválido', en: 'Invalid value' },
  'countries.notFound': { es: 'País no encontrado', en: 'Country not found' },
} as const satisfies Record<string, Record<Language, string>>;
