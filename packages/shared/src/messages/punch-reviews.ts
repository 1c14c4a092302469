/** The kiosk punches sent to review (decision 0061): API messages and the reasons the screen prints. es first. */
export const PUNCH_REVIEW_MESSAGES = {
  'punchReview.notFound': { es: 'Esa marcación no está pendiente de revisión', en: 'That punch is not awaiting review' },
  'punchReview.reasonRequired': { es: 'Indica el motivo de la anulación', en: 'Enter the reason for annulling it' },
  'punchReview.confirmed': { es: 'Marcación confirmada', en: 'Punch confirmed' },
  'punchReview.annulled': { es: 'Marcación anulada', en: 'Punch annulled' },
  'punchReview.reason.near_threshold': {
    es: 'Coincidencia justa: distancia {value} (revisión desde {limit})',
    en: 'Close match: distance {value} (reviewed from {limit})',
  },
  'punchReview.reason.far_frame': {
    es: 'Una imagen lejos del rostro registrado: {value} (umbral {limit})',
    en: 'One frame far from the enrolled face: {value} (threshold {limit})',
  },
  'punchReview.reason.near_other_person': {
    es: 'Parecido a otra persona: diferencia {value} (menos de {limit})',
    en: 'Close to another person: gap {value} (under {limit})',
  },
  'punchReview.reason.weak_liveness': {
    es: 'Prueba de vida débil ({measure}: {value}, límite {limit})',
    en: 'Weak liveness signal ({measure}: {value}, limit {limit})',
  },
  'punchReview.reason.outside_schedule': {
    es: 'Fuera del horario: {value} min del turno (más de {limit})',
    en: 'Outside the schedule: {value} min from the shift (over {limit})',
  },
  'punchReview.reason.offline_late': {
    es: 'Marcada sin conexión {value} min después del último contacto del kiosco (más de {limit}): la hora es la del dispositivo',
    en: "Punched offline {value} min after the kiosk's last contact (over {limit}): the time is the device's",
  },
  'punchReview.reason.day_off': { es: 'En un día de descanso del horario', en: "On the schedule's day off" },
  'activity.punchReviewConfirmed': { es: 'Marcación revisada y confirmada', en: 'Reviewed punch confirmed' },
  'activity.punchReviewAnnulled': { es: 'Marcación revisada y anulada', en: 'Reviewed punch annulled' },
} as const;
