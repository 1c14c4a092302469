/**
 * Manual changes of the attendance register and the worker's answer (decision 0039): API messages, the mail to
 * the worker, and the words the register files print. es first.
 */
export const MANUAL_CHANGE_MESSAGES = {
  'manualChange.notFound': { es: 'Cambio manual no encontrado', en: 'Manual change not found' },
  'manualChange.alreadyAnswered': {
    es: 'Ya respondiste a este cambio. Si algo sigue mal, pide a tu empleador que lo corrija: verás el nuevo cambio.',
    en: 'You already answered this change. If something is still wrong, ask your employer to correct it: you will see the new change.',
  },
  'manualChange.commentRequired': { es: 'Explica en qué no estás de acuerdo', en: 'Explain what you disagree with' },
  'manualChange.answerInvalid': { es: 'Elige Conforme o En desacuerdo', en: 'Choose Agree or Disagree' },
  'manualChange.agreed': { es: 'Registraste tu conformidad', en: 'Your agreement was recorded' },
  'manualChange.disputed': { es: 'Registraste tu desacuerdo', en: 'Your disagreement was recorded' },
  'manualChange.noReason': { es: 'sin motivo indicado', en: 'no reason given' },
  'manualChange.action.created': { es: 'Registro creado a mano', en: 'Record created by hand' },
  'manualChange.action.updated': { es: 'Registro modificado a mano', en: 'Record changed by hand' },
  'manualChange.action.deleted': { es: 'Registro eliminado', en: 'Record deleted' },
  'manualChange.answer.pending': { es: 'Pendiente', en: 'Pending' },
  'manualChange.answer.agreed': { es: 'Conforme', en: 'Agreed' },
  'manualChange.answer.disputed': { es: 'En desacuerdo', en: 'Disputed' },
  'manualChange.line': {
    es: '{action} por {author} el {when}. Motivo: {reason}. Trabajador: {answer}',
    en: '{action} by {author} on {when}. Reason: {reason}. Worker: {answer}',
  },
  'register.changes.author': { es: 'Autor', en: 'Author' },
  'register.changes.answer': { es: 'Respuesta del trabajador', en: "Worker's answer" },
  'register.changes.comment': { es: 'Comentario del trabajador', en: "Worker's comment" },
  'register.changes.answeredAt': { es: 'Respondido el', en: 'Answered on' },
  'manualChange.mail.subject': { es: 'Presente: {company} cambió tu asistencia del {date}', en: 'Presente: {company} changed your attendance of {date}' },
  'manualChange.mail.body': {
    es: '{author} ({company}) hizo este cambio en tu registro de asistencia del {date}: {action}. Motivo: {reason}. Entra a tu área de Presente para indicar si estás conforme o en desacuerdo:',
    en: '{author} ({company}) made this change to your attendance record of {date}: {action}. Reason: {reason}. Open your Presente area to say whether you agree or disagree:',
  },
} as const;
