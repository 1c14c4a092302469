/** Public-API keys and the public API (decision 0048). */
export const INTEGRATIONS_MESSAGES = {
  'integrations.nameRequired': { es: 'Indica un nombre para la clave', en: 'Give the key a name' },
  'integrations.scopeInvalid': { es: 'El alcance debe ser lectura o lectura y escritura', en: 'The scope must be read, or read and write' },
  'integrations.expiryInvalid': { es: 'La fecha de vencimiento no es válida', en: 'The expiry date is not valid' },
  'integrations.expiryPast': { es: 'La fecha de vencimiento ya pasó', en: 'The expiry date has passed' },
  'integrations.keyCreated': { es: 'Clave creada. Cópiala ahora: no se volverá a mostrar.', en: 'Key created. Copy it now: it will not be shown again.' },
  'integrations.keyRevoked': { es: 'Clave revocada', en: 'Key revoked' },
  'integrations.keyNotFound': { es: 'Clave no encontrada', en: 'Key not found' },
  'integrations.planScope': {
    es: 'El plan Gratuito permite solo claves de lectura. Mejora a Premium para escribir por la API.',
    en: 'The Free plan allows read-only keys only. Upgrade to Premium to write through the API.',
  },
  'integrations.keyInvalid': { es: 'Clave de API inválida, revocada o vencida', en: 'API key invalid, revoked or expired' },
  'integrations.keyMissing': {
    es: 'Falta la clave de API: envía Authorization: Bearer <clave>',
    en: 'The API key is missing: send Authorization: Bearer <key>',
  },
  'integrations.readOnly': { es: 'Esta clave es de solo lectura', en: 'This key is read-only' },
  'integrations.cursorInvalid': { es: 'El cursor no es válido', en: 'The cursor is not valid' },
  'integrations.idempotencyReused': {
    es: 'Esta Idempotency-Key ya se usó con otra petición',
    en: 'This Idempotency-Key was already used with another request',
  },
  'integrations.idempotencyInvalid': { es: 'La Idempotency-Key debe tener de 1 a 255 caracteres', en: 'The Idempotency-Key must have 1 to 255 characters' },
  'integrations.reasonRequired': { es: 'Indica el motivo del registro manual', en: 'Give the reason for the manual record' },
  'integrations.rangeInvalid': {
    es: 'Indica un rango de fechas válido (from y to, AAAA-MM-DD, como máximo 397 días)',
    en: 'Give a valid date range (from and to, YYYY-MM-DD, at most 397 days)',
  },
  'activity.apiKeyCreated': { es: 'Clave de API creada: {name}', en: 'API key created: {name}' },
  'activity.apiKeyRevoked': { es: 'Clave de API revocada: {name}', en: 'API key revoked: {name}' },
} as const;

/** The interactive reference at /api/docs. */
export const API_DOCS_MESSAGES = {
  'apiDocs.title': { es: 'Referencia de la API de Presente', en: 'Presente API reference' },
  'apiDocs.intro': {
    es: 'La API pública está bajo /api/v1 y se autentica con Authorization: Bearer <clave> (Configuración → Integraciones). Guía: docs/API.md.',
    en: 'The public API lives under /api/v1 and is authenticated with Authorization: Bearer <key> (Configuración → Integraciones). Guide: docs/API.md.',
  },
  'apiDocs.key': { es: 'Clave de API', en: 'API key' },
  'apiDocs.send': { es: 'Enviar', en: 'Send' },
  'apiDocs.body': { es: 'Cuerpo (JSON)', en: 'Body (JSON)' },
  'apiDocs.answer': { es: 'Respuesta', en: 'Answer' },
} as const;
