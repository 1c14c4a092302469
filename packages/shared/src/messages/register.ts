/**
 * Peru's attendance register kept after a company closes (decision 0034): the API's messages and the words of
 * the register files the server writes (Excel and PDF of every month). es first.
 */
export const REGISTER_MESSAGES = {
  'register.companyClosed': {
    es: 'La empresa fue eliminada: su registro de asistencia se conserva solo para consulta y no puede modificarse.',
    en: 'The company was deleted: its attendance register is kept for consultation only and cannot be changed.',
  },
  'register.registerOnly': {
    es: 'El acceso de tu empresa terminó. Solo puedes descargar el registro de control de asistencia.',
    en: "Your company's access has ended. You can only download the attendance register.",
  },
  'register.linkInvalid': {
    es: 'El enlace de descarga del registro no es válido o ya venció (vale 30 días). Pide el registro a soporte.',
    en: 'The register download link is not valid or has expired (it lasts 30 days). Ask support for the register.',
  },
  'register.title': { es: 'REGISTRO DE CONTROL DE ASISTENCIA', en: 'ATTENDANCE CONTROL REGISTER' },
  'register.sheet': { es: 'Registro de asistencia', en: 'Attendance register' },
  'register.employer': { es: 'Empleador', en: 'Employer' },
  'register.period': { es: 'Periodo', en: 'Period' },
  'register.allMonths': { es: 'todos los meses conservados', en: 'every month kept' },
  'register.noRecords': { es: 'Sin registros de asistencia conservados.', en: 'No attendance records kept.' },
  'register.closedOn': {
    es: 'Empresa eliminada el {date}; registro conservado solo para consulta.',
    en: 'Company deleted on {date}; register kept for consultation only.',
  },
  'register.generatedAt': { es: 'Generado el {date}', en: 'Generated on {date}' },
  'register.col.worker': { es: 'Trabajador', en: 'Worker' },
  'register.col.document': { es: 'DNI', en: 'ID document' },
  'register.col.code': { es: 'Código', en: 'Code' },
  'register.col.date': { es: 'Fecha', en: 'Date' },
  'register.col.checkIn': { es: 'Ingreso (hh:mm)', en: 'Entry (hh:mm)' },
  'register.col.checkOut': { es: 'Salida (hh:mm)', en: 'Exit (hh:mm)' },
  'register.col.hours': { es: 'Horas trabajadas (hh:mm)', en: 'Hours worked (hh:mm)' },
  'register.col.outside': { es: 'Horas fuera de jornada (hh:mm)', en: 'Hours outside the workday (hh:mm)' },
  'register.col.remarks': { es: 'Observaciones', en: 'Remarks' },
  'register.workerTotal': { es: 'Total {name}', en: 'Total {name}' },
  'register.monthTotal': { es: 'Total del mes {month}', en: 'Total of {month}' },
  'register.grandTotal': { es: 'Total general', en: 'Grand total' },
  'register.manual': { es: 'Marcación manual', en: 'Manual entry' },
  'register.incomplete': { es: 'Sin salida marcada', en: 'No exit punched' },
  'register.permission': { es: 'Permiso', en: 'Leave' },
  'register.changes': { es: 'Cambios manuales', en: 'Manual changes' },
  'register.changes.when': { es: 'Cuándo', en: 'When' },
  'register.changes.what': { es: 'Cambio', en: 'Change' },
  'register.changes.reason': { es: 'Motivo', en: 'Reason' },
  'register.outsideFormula': {
    es: 'Horas fuera de jornada = tiempo marcado antes del inicio del horario + tiempo marcado después de su fin. En días de descanso se cuentan todas las horas trabajadas; en permisos, cero.',
    en: 'Hours outside the workday = time punched before the schedule starts + time punched after it ends. On rest days every hour worked counts; on leave, zero.',
  },
  'register.retention': {
    es: 'Los registros de control de asistencia se conservan durante 5 años (D.S. 004-2006-TR).',
    en: 'Attendance control records are kept for 5 years (Peru, D.S. 004-2006-TR).',
  },
} as const;
