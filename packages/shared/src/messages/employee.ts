/** Messages of the employee area (spec §2 employee tabs, §5, §8). es = the spec's words where it has them. */
export const EMPLOYEE_MESSAGES = {
  'employeeArea.profileUpdated': { es: 'Perfil actualizado exitosamente', en: 'Profile updated successfully' },
  'employeeArea.phoneInvalid': { es: 'Número de teléfono inválido', en: 'Invalid phone number' },
  'employeeArea.phoneRequired': { es: 'Indica tu teléfono (vacío para quitarlo)', en: 'Enter your phone (empty to remove it)' },
  'employeeArea.passwordChanged': { es: 'Contraseña cambiada exitosamente', en: 'Password changed successfully' },
  'employeeArea.passwordError': { es: 'Error al cambiar contraseña', en: 'Error changing password' },
  'employeeArea.emailChanged': { es: 'Email cambiado exitosamente', en: 'Email changed successfully' },
  'employeeArea.emailError': { es: 'Error al cambiar email', en: 'Error changing email' },
  'employeeArea.emailInvalid': { es: 'Por favor ingresa un email válido', en: 'Please enter a valid email' },
  'employeeArea.rangeInvalid': {
    es: 'La fecha Desde no puede ser posterior a la fecha Hasta',
    en: 'The From date cannot be after the To date',
  },
  'employeeArea.periodInvalid': { es: 'Período inválido', en: 'Invalid period' },
  'employeeArea.monthInvalid': { es: 'Mes inválido', en: 'Invalid month' },
  'employeeArea.yearInvalid': { es: 'Año inválido', en: 'Invalid year' },
  'employeeArea.filterInvalid': { es: 'Tipo de actividad inválido', en: 'Invalid activity type' },
  'employeeArea.checkInError': { es: 'Error al registrar entrada', en: 'Error recording check-in' },
  'employeeArea.checkOutError': { es: 'Error al registrar salida', en: 'Error recording check-out' },
} as const;
