/** Receipts per punch (decision 0053): API messages, the mail and the words the screens print. es first. */
export const RECEIPT_MESSAGES = {
  'receipt.codeInvalid': {
    es: 'El código de comprobante tiene 12 caracteres (0-9, A-F), por ejemplo 3F2A-91C0-7B4D',
    en: 'A receipt code has 12 characters (0-9, A-F), for example 3F2A-91C0-7B4D',
  },
  'receipt.notFound': { es: 'Ningún comprobante de tu empresa tiene ese código', en: 'No receipt of your company has that code' },
  'receipt.kind.check_in': { es: 'Entrada', en: 'Check-in' },
  'receipt.kind.check_out': { es: 'Salida', en: 'Check-out' },
  'receipt.kind.manual': { es: 'Registro manual', en: 'Manual entry' },
  'receipt.method.web': { es: 'Web', en: 'Web' },
  'receipt.method.face_recognition': { es: 'Reconocimiento facial', en: 'Face recognition' },
  'receipt.method.qr_code': { es: 'Código QR', en: 'QR code' },
  'receipt.method.manual': { es: 'Manual (administrador)', en: 'Manual (administrator)' },
  'receipt.codeLine': { es: 'Código de verificación del comprobante: {code}.', en: 'Receipt verification code: {code}.' },
  'receipt.noPlace': { es: 'Sin lugar asignado', en: 'No assigned place' },
  'receipt.mail.subject': { es: 'Presente: comprobante de {kind} del {date}', en: 'Presente: {kind} receipt of {date}' },
  'receipt.mail.body': {
    es: '{company} registró tu {kind}. Fecha: {date}. Hora: {time}. Método: {method}. Lugar: {place}. Código de verificación: {code}. Guarda este correo: tu empleador puede comprobar el código en su página de integridad del registro.',
    en: '{company} recorded your {kind}. Date: {date}. Time: {time}. Method: {method}. Place: {place}. Verification code: {code}. Keep this mail: your employer can check the code on the register integrity page.',
  },
} as const;
