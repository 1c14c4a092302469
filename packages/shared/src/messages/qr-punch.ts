/** The rotating on-screen QR of a work location (decision 0044). es first. */
export const QR_PUNCH_MESSAGES = {
  'qrPunch.invalid': {
    es: 'Este código QR no es válido para tu empresa. Escanea el código que muestra la pantalla de tu sede.',
    en: "This QR code is not valid for your company. Scan the code shown on your site's screen.",
  },
  'qrPunch.expired': {
    es: 'El código QR ya expiró. Escanea el código que se muestra ahora en la pantalla.',
    en: 'The QR code has expired. Scan the code the screen shows now.',
  },
  'qrPunch.used': {
    es: 'Ya usaste este código QR. Espera el siguiente código de la pantalla para marcar de nuevo.',
    en: 'You already used this QR code. Wait for the next code on the screen to mark again.',
  },
  'qrPunch.wrongLocation': {
    es: 'Este código QR es de otra sede ({location}); tu horario marca en {expected}.',
    en: 'This QR code belongs to another site ({location}); your schedule marks at {expected}.',
  },
  'qrPunch.notAllowed': {
    es: 'Tu horario no permite marcar asistencia con código QR',
    en: 'Your schedule does not allow marking attendance with a QR code',
  },
  'qrPunch.codeRequired': { es: 'Escanea el código QR de la pantalla', en: "Scan the screen's QR code" },
  'qrPunch.locationNotFound': { es: 'Sede no encontrada', en: 'Site not found' },
} as const;
