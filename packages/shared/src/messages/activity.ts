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
  'activity.faceEnrolled': { es: 'Rostro registrado', en: 'Face registered' },
  'activity.faceDeleted': { es: 'Registro facial eliminado', en: 'Face registration deleted' },
  'activity.consentWithdrawn': { es: 'Consentimiento biométrico retirado', en: 'Biometric consent withdrawn' },
} as const;
