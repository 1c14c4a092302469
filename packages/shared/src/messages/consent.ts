/** The worker's own biometric consent (decision 0035; Ley 29733 art. 13.6). */
export const CONSENT_MESSAGES = {
  'consent.workerRequired': {
    es: 'Falta el consentimiento del trabajador: debe aceptar el aviso de datos biométricos vigente (versión {version}) en su propia cuenta (Configuración → Datos biométricos) o en la pantalla de registro, con su nombre completo, su número de documento y el código enviado a su correo. El administrador no puede aceptarlo por él (Ley 29733, art. 13.6).',
    en: "The worker's consent is missing: they must accept the current biometric data notice (version {version}) in their own account (Settings → Biometric data) or on the enrolment screen, with their full name, document number and the code sent to their email. The administrator cannot accept it for them (Peru, Ley 29733 art. 13.6).",
  },
  'consent.fullNameRequired': { es: 'Escribe tu nombre completo', en: 'Type your full name' },
  'consent.documentRequired': { es: 'Escribe tu número de documento', en: 'Type your document number' },
  'consent.codeRequired': { es: 'Escribe el código de 6 dígitos enviado a tu correo', en: 'Type the 6-digit code sent to your email' },
  'consent.nameMismatch': {
    es: 'El nombre no coincide con el registrado para este trabajador. Escríbelo completo, como figura en su ficha.',
    en: "The name does not match this worker's record. Type it in full, as it is on the record.",
  },
  'consent.documentMismatch': {
    es: 'El número de documento no coincide con el registrado para este trabajador.',
    en: "The document number does not match this worker's record.",
  },
  'consent.noDocument': {
    es: 'El trabajador no tiene un número de documento registrado. Agrégalo en su ficha o pídele que acepte el aviso desde su cuenta.',
    en: 'The worker has no document number on record. Add it to their record or ask them to accept the notice in their own account.',
  },
  'consent.codeInvalid': { es: 'El código no es válido o expiró. Pide uno nuevo.', en: 'The code is not valid or has expired. Ask for a new one.' },
  'consent.codeTooMany': {
    es: 'Demasiados intentos con este código. Pide uno nuevo.',
    en: 'Too many tries with this code. Ask for a new one.',
  },
  'consent.codeSent': { es: 'Código enviado al correo del trabajador ({email}).', en: "Code sent to the worker's email ({email})." },
  'activity.consentAccepted': { es: 'Consentimiento biométrico aceptado por el trabajador', en: 'Biometric consent accepted by the worker' },
  'activity.consentNotConfirmed': {
    es: 'Registro facial eliminado: el trabajador no confirmó su consentimiento',
    en: 'Face registration deleted: the worker did not confirm their consent',
  },
  'consent.recorded': { es: 'Consentimiento registrado', en: 'Consent recorded' },
  'consent.notFound': { es: 'Consentimiento no encontrado', en: 'Consent not found' },
  'consent.mailSubject': { es: 'Tu código para el registro facial: {code}', en: 'Your face enrolment code: {code}' },
  'consent.mailBody': {
    es: 'Hola {name}:\n\n{company} quiere registrar tu rostro para la asistencia. Si estás en la pantalla de registro y aceptas el aviso de datos biométricos, escribe este código: {code}\n\nVence en {minutes} minutos. Si no lo pediste, ignora este correo: sin tu código no se puede registrar tu rostro.',
    en: 'Hello {name},\n\n{company} wants to enrol your face for attendance. If you are at the enrolment screen and accept the biometric data notice, type this code: {code}\n\nIt expires in {minutes} minutes. If you did not ask for it, ignore this mail: without your code your face cannot be enrolled.',
  },
} as const;
