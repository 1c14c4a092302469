/**
 * Titles and descriptions of activity log entries. The server stores the key (and any {params} in the
 * entry's details) and answers in the request's language; entries written before keys keep their words.
 */
export const ACTIVITY_MESSAGES = {
  'activity.checkIn': { es: 'Entrada registrada', en: 'Check-in recorded' },
  'activity.checkOut': { es: 'Salida registrada', en: 'Check-out recorded' },
  'activity.createdByAdmin': { es: 'Asistencia creada por el administrador', en: 'Attendance created by the administrator' },
  'activity.editedByAdmin': { es: 'Asistencia editada por el administrador', en: 'Attendance edited by the administrator' },
  'activity.deletedByAdmin': { es: 'Asistencia eliminada por el administrador', en: 'Attendance deleted by the administrator' },
  'activity.permissionRecorded': { es: 'Permiso registrado', en: 'Leave recorded' },
  'activity.incompleteShift': { es: 'Salida no registrada: jornada incompleta', en: 'Check-out missing: incomplete workday' },
  'activity.incompleteShiftDetail': {
    es: 'No se registró la salida. La jornada quedó marcada como incompleta; tu administrador puede corregirla.',
    en: 'No check-out was recorded. The workday was marked incomplete; your administrator can correct it.',
  },
  'activity.faceIdentityLocked': { es: 'Intentos de marcación rechazados', en: 'Marking attempts refused' },
  'activity.faceIdentityLockedDetail': {
    es: 'El kiosco «{kioskName}» rechazó {attempts} intentos para este empleado en {minutes} minutos; sus marcaciones esperan {minutes} minutos. Revisa si alguien intenta marcar por otra persona.',
    en: 'The kiosk "{kioskName}" refused {attempts} attempts for this employee in {minutes} minutes; their markings wait {minutes} minutes. Check whether someone is trying to mark for another person.',
  },
  'activity.kioskPaired': { es: 'Kiosco vinculado: {kioskName}', en: 'Kiosk paired: {kioskName}' },
  'activity.overtimeApproved': { es: 'Horas extra aprobadas del {date}', en: 'Overtime approved for {date}' },
  'activity.overtimeApprovalWithdrawn': { es: 'Aprobación de horas extra retirada del {date}', en: 'Overtime approval withdrawn for {date}' },
  'activity.payrollRulesChanged': { es: 'Reglas de nómina cambiadas', en: 'Payroll rules changed' },
  'activity.kioskRevoked': { es: 'Kiosco desvinculado: {kioskName}', en: 'Kiosk unpaired: {kioskName}' },
  'activity.faceEnrolled': { es: 'Rostro registrado', en: 'Face registered' },
  'activity.faceDeleted': { es: 'Registro facial eliminado', en: 'Face registration deleted' },
  'activity.consentWithdrawn': { es: 'Consentimiento biométrico retirado', en: 'Biometric consent withdrawn' },
  // Billing history (the Spanish words are those written before titles were keys, so old entries map back).
  'activity.billing.activated': { es: 'Suscripción Premium activada', en: 'Premium subscription activated' },
  'activity.billing.payment_completed': { es: 'Pago de suscripción recibido', en: 'Subscription payment received' },
  'activity.billing.payment_recovered': { es: 'Pago recibido: Premium restablecido', en: 'Payment received: Premium restored' },
  'activity.billing.payment_failed': {
    es: 'Pago fallido: suscripción suspendida (periodo de gracia)',
    en: 'Payment failed: subscription suspended (grace period)',
  },
  'activity.billing.payment_reversed': {
    es: 'Pago reembolsado o revertido: suscripción suspendida (periodo de gracia)',
    en: 'Payment refunded or reversed: subscription suspended (grace period)',
  },
  'activity.billing.payment_refunded': {
    es: 'Reembolso parcial: lo que queda pagado cubre el periodo',
    en: 'Partial refund: what remains paid covers the period',
  },
  'activity.billing.payment_mismatch': {
    es: 'Pago que no coincide con el precio: en revisión, Premium no se extiende',
    en: 'Payment not matching the price: under review, Premium not extended',
  },
  'activity.billing.revision_scheduled': {
    es: 'Ampliación aprobada: se cobra y se aplica desde la próxima fecha de cobro',
    en: 'Extra seats approved: charged and applied from the next billing date',
  },
  'activity.billing.grace_expired': { es: 'Periodo de gracia vencido: límites del plan Gratis', en: 'Grace period over: Free plan limits' },
  'activity.billing.revised': { es: 'Suscripción actualizada', en: 'Subscription updated' },
  'activity.billing.cancelled': { es: 'Suscripción cancelada', en: 'Subscription cancelled' },
  'activity.billing.expired': { es: 'Suscripción expirada', en: 'Subscription expired' },
  'activity.billing.access_ended': { es: 'Periodo pagado terminado: cuenta desactivada', en: 'Paid period over: account deactivated' },
  'activity.billing.deleted': { es: 'Datos de la empresa eliminados', en: 'Company data deleted' },
  'activity.billing.detail': { es: 'Premium para {employeeCount} empleados', en: 'Premium for {employeeCount} employees' },
  'activity.billingFlagCleared': {
    es: 'Revisión de cobro cerrada por el administrador de la plataforma',
    en: 'Billing review closed by the platform administrator',
  },
  'activity.scheduleBreakCleared': { es: 'Descanso imposible quitado del horario', en: 'Impossible break removed from the schedule' },
  'activity.scheduleBreakClearedDetail': {
    es: 'El horario «{scheduleName}» ({startTime} - {endTime}) tenía un descanso {breakStartTime} - {breakEndTime} fuera del turno o que termina antes de empezar; se quitó para no recortar horas. Revísalo en Horarios.',
    en: 'The schedule "{scheduleName}" ({startTime} - {endTime}) had a break {breakStartTime} - {breakEndTime} outside the shift or ending before it starts; it was removed so no hours are cut. Review it in Schedules.',
  },
} as const;
