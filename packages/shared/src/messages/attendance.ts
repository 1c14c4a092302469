import { SYSTEM_NOTES } from '../attendance/system-notes.js';

/** Messages of attendance (spec §5, §8). es = the spec's words where it has them. */
export const ATTENDANCE_MESSAGES = {
  'attendance.checkInSuccess': { es: 'Entrada registrada exitosamente', en: 'Check-in recorded successfully' },
  'attendance.checkOutSuccess': { es: 'Salida registrada exitosamente', en: 'Check-out recorded successfully' },
  'attendance.alreadyCheckedIn': { es: 'Ya registraste tu entrada hoy', en: 'You already checked in today' },
  'attendance.alreadyCompleted': { es: 'Jornada Completada', en: 'Workday completed' },
  'attendance.closedIncomplete': {
    es: 'Tu jornada fue cerrada como incompleta por falta de salida; pide a tu administrador que la corrija',
    en: 'Your shift was closed as incomplete (no check-out); ask your administrator to correct it',
  },
  'attendance.locationInvalid': { es: 'Ubicación inválida', en: 'Invalid location' },
  'attendance.notCheckedIn': { es: 'Primero debes registrar tu entrada', en: 'Check in first' },
  'attendance.onlyFace': {
    es: 'Tu horario solo permite marcar asistencia por reconocimiento facial (Solo Facial)',
    en: 'Your schedule only allows attendance by face recognition (Face only)',
  },
  'attendance.locationRequired': {
    es: 'Tu horario exige ubicación: permite el acceso a tu ubicación para marcar',
    en: 'Your schedule requires your location: allow location access to mark attendance',
  },
  'attendance.outsideGeofence': {
    es: 'Estás fuera del área permitida ({distance} m de {location}; radio {radius} m)',
    en: 'You are outside the allowed area ({distance} m from {location}; radius {radius} m)',
  },
  'attendance.employeeInactive': { es: 'Tu cuenta de empleado está inactiva', en: 'Your employee account is inactive' },
  'attendance.notEmployee': { es: 'Tu usuario no está vinculado a un empleado', en: 'Your user is not linked to an employee' },
  'attendance.permissionDay': { es: 'Tienes un permiso registrado para hoy', en: 'You have a permission recorded for today' },
  // fair shares (decision 0022): punches per person and one at a time
  'attendance.tooManyPunches': {
    es: 'Demasiados intentos de marcación. Intenta de nuevo en {retryAfter} segundos.',
    en: 'Too many check-in/out attempts. Try again in {retryAfter} seconds.',
  },
  // the morning rush (decision 0056): more punches at once than can be answered in time
  'attendance.busy': {
    es: 'Muchas personas están marcando a la vez. Tu marcación se reintentará en {retryAfter} segundos.',
    en: 'Many people are checking in at once. Yours will be retried in {retryAfter} seconds.',
  },
  'attendance.punchInProgress': {
    es: 'Ya se está registrando una marcación tuya. Espera un momento.',
    en: 'One of your check-ins/outs is already being recorded. Wait a moment.',
  },
  'attendance.checkInRequired': {
    es: 'Debe ingresar al menos la hora de entrada para crear una asistencia.',
    en: 'Enter at least the check-in time to create an attendance record.',
  },
  'attendance.dateInvalid': { es: 'Formato inválido', en: 'Invalid format' },
  'attendance.timeInvalid': { es: 'Formato inválido (HH:mm)', en: 'Invalid format (HH:mm)' },
  'attendance.timeOutsideDate': {
    es: 'La hora no corresponde a la fecha de la asistencia',
    en: "The time does not belong to the attendance record's date",
  },
  'attendance.checkOutBeforeIn': { es: 'La salida debe ser posterior a la entrada', en: 'Check-out must be after check-in' },
  'attendance.reasonRequired': { es: 'Indica el motivo del cambio', en: 'Enter the reason for the change' },
  /** The reason a manual change gets when a spec client sends neither a reason nor notes (decision 0046). */
  'attendance.reasonNotGiven': { es: 'sin motivo indicado', en: 'no reason given' },
  'attendance.exists': { es: 'Ya existe una asistencia para ese día; edítala', en: 'An attendance record exists for that day; edit it' },
  'attendance.notFound': { es: 'Asistencia no encontrada', en: 'Attendance record not found' },
  'attendance.created': { es: 'Asistencia creada exitosamente', en: 'Attendance created successfully' },
  'attendance.updated': { es: 'Asistencia actualizada exitosamente', en: 'Attendance updated successfully' },
  'attendance.deleted': { es: 'Asistencia eliminada exitosamente', en: 'Attendance deleted successfully' },
  'attendance.futureDate': { es: 'No se puede registrar asistencia en una fecha futura', en: 'Attendance cannot be recorded for a future date' },
  'attendance.permissionNote': SYSTEM_NOTES.permission,
} as const;
