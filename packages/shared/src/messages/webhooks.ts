/** Webhooks (decision 0058). es first. */
export const WEBHOOK_MESSAGES = {
  'webhook.urlRequired': { es: 'La URL es requerida', en: 'The URL is required' },
  'webhook.urlInvalid': { es: 'Ingresa una URL válida (https://...)', en: 'Enter a valid URL (https://...)' },
  'webhook.httpsRequired': { es: 'La URL debe usar https://', en: 'The URL must use https://' },
  'webhook.urlPrivate': {
    es: 'La URL apunta a una dirección privada o local; usa una dirección pública',
    en: 'The URL points to a private or local address; use a public address',
  },
  'webhook.urlUnresolved': { es: 'No se pudo encontrar el servidor de esa URL', en: 'The server of that URL could not be found' },
  'webhook.descriptionTooLong': { es: 'La descripción no puede tener más de 120 caracteres', en: 'The description cannot be longer than 120 characters' },
  'webhook.eventsRequired': { es: 'Elige al menos un evento', en: 'Choose at least one event' },
  'webhook.eventInvalid': { es: 'Evento desconocido', en: 'Unknown event' },
  'webhook.tooMany': { es: 'Puedes registrar hasta {max} webhooks', en: 'You can register up to {max} webhooks' },
  'webhook.notFound': { es: 'Webhook no encontrado', en: 'Webhook not found' },
  'webhook.deliveryNotFound': { es: 'Entrega no encontrada', en: 'Delivery not found' },
  'webhook.created': {
    es: 'Webhook creado. Copia el secreto ahora: no se volverá a mostrar',
    en: 'Webhook created. Copy the secret now: it will not be shown again',
  },
  'webhook.updated': { es: 'Webhook actualizado', en: 'Webhook updated' },
  'webhook.deleted': { es: 'Webhook eliminado', en: 'Webhook deleted' },
  'webhook.secretRotated': {
    es: 'Secreto renovado. Copia el nuevo ahora: no se volverá a mostrar',
    en: 'Secret rotated. Copy the new one now: it will not be shown again',
  },
  'webhook.resent': { es: 'Entrega programada de nuevo', en: 'Delivery scheduled again' },
  'webhook.disabledMailSubject': { es: 'Presente: desactivamos un webhook que falla', en: 'Presente: we disabled a failing webhook' },
  'webhook.disabledMailBody': {
    es: 'El webhook {url} de {company} no respondió correctamente durante 24 horas y fue desactivado. Última respuesta: {lastError}. Revísalo en Configuración → Webhooks y vuelve a activarlo cuando funcione.',
    en: 'The webhook {url} of {company} did not answer correctly for 24 hours and was disabled. Last answer: {lastError}. Check it in Settings → Webhooks and enable it again once it works.',
  },
  'activity.webhookCreated': { es: 'Webhook creado: {url}', en: 'Webhook created: {url}' },
  'activity.webhookUpdated': { es: 'Webhook actualizado: {url}', en: 'Webhook updated: {url}' },
  'activity.webhookDeleted': { es: 'Webhook eliminado: {url}', en: 'Webhook deleted: {url}' },
  'activity.webhookSecretRotated': { es: 'Secreto de webhook renovado: {url}', en: 'Webhook secret rotated: {url}' },
  'activity.webhookDisabled': { es: 'Webhook desactivado por fallar 24 horas: {url}', en: 'Webhook disabled after failing for 24 hours: {url}' },
} as const;
