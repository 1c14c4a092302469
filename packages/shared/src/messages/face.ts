/** Face enrolment, attendance links and the kiosk (spec §2, §5, §8; the rest in the spec's voice). */
export const FACE_MESSAGES = {
  'face.registered': { es: 'Reconocimiento facial registrado exitosamente', en: 'Face recognition registered successfully' },
  'face.registerError': { es: 'Error al registrar reconocimiento facial', en: 'Error registering face recognition' },
  'face.employeeIdRequired': { es: 'Error: No se puede procesar sin ID de empleado', en: 'Error: cannot process without an employee ID' },
  'face.no_face': { es: 'No se detectó ningún rostro en la imagen. Inténtalo de nuevo.', en: 'No face was detected in the image. Try again.' },
  'face.multiple_faces': {
    es: 'Se detectaron múltiples rostros. Asegúrate de que solo aparezca una persona.',
    en: 'Several faces were detected. Make sure only one person is in view.',
  },
  'face.face_too_small': { es: 'El rostro se ve muy pequeño. Acércate a la cámara.', en: 'The face looks too small. Move closer to the camera.' },
  'face.face_blurry': { es: 'La imagen está borrosa. Quédate quieto e inténtalo de nuevo.', en: 'The image is blurry. Hold still and try again.' },
  'face.face_too_dark': {
    es: 'La imagen está muy oscura. Busca más luz frente al rostro e inténtalo de nuevo.',
    en: 'The image is too dark. Find more light on your face and try again.',
  },
  // Kiosk refusals say what to do, so the person can retry at once (decision 0057).
  'face.kioskTooDark': {
    es: 'Hay muy poca luz en tu rostro. Busca más luz o acércate a la pantalla, e inténtalo de nuevo.',
    en: 'There is too little light on your face. Find more light or move closer to the screen, and try again.',
  },
  'face.kioskNoFace': {
    es: 'No vemos tu rostro. Colócate frente a la pantalla, sin gorra ni lentes de sol, e inténtalo de nuevo.',
    en: 'We cannot see your face. Stand in front of the screen, without a cap or sunglasses, and try again.',
  },
  'face.kioskOnePerson': {
    es: 'Las imágenes no parecen de una sola persona. Que solo tú mires la pantalla e inténtalo de nuevo.',
    en: 'The pictures do not look like one person. Make sure only you face the screen, and try again.',
  },
  'face.kioskFramesDiffer': {
    es: 'No todas las imágenes muestran a la misma persona. Que solo tú mires la pantalla e inténtalo de nuevo.',
    en: 'Not every picture shows the same person. Make sure only you face the screen, and try again.',
  },
  'face.kioskFollowSteps': {
    es: 'No se siguieron las indicaciones. Mira la pantalla y mueve la cabeza cuando se te pida, e inténtalo de nuevo.',
    en: 'The prompts were not followed. Watch the screen and move your head when asked, and try again.',
  },
  'face.kioskNotLive': {
    es: 'No se pudo verificar que estés frente a la cámara. Mira la pantalla de cerca, con buena luz y sin lentes de sol, e inténtalo de nuevo.',
    en: 'We could not verify that you are in front of the camera. Face the screen up close, in good light and without sunglasses, and try again.',
  },
  'face.kioskBurstJump': {
    es: 'La imagen cambió de golpe. Mantén tu rostro frente a la cámara todo el tiempo, gira la cabeza con calma e inténtalo de nuevo.',
    en: 'The picture changed all at once. Keep your face in front of the camera the whole time, turn your head calmly, and try again.',
  },
  'face.kioskBurstTiming': {
    es: 'La cámara no envió imágenes suficientes o a tiempo. Inténtalo de nuevo; si se repite, recarga la página del kiosco.',
    en: 'The camera did not send enough pictures, or not in time. Try again; if it happens again, reload the kiosk page.',
  },
  // A mark that is not a burst (decision 0063): the old page's 3-6 picked frames, or a camera that stalled.
  'face.kioskBurstCount': {
    es: 'La cámara envió {count} imágenes y se necesitan entre {min} y {max}. Recarga la página del kiosco, mantén tu rostro frente a la cámara hasta el final e inténtalo de nuevo.',
    en: 'The camera sent {count} pictures and {min} to {max} are needed. Reload the kiosk page, keep your face in front of the camera until the end, and try again.',
  },
  'face.kioskNotRecognized': {
    es: 'Rostro no reconocido. Mira de frente a la pantalla, quítate los lentes de sol o la mascarilla, e inténtalo de nuevo.',
    en: 'Face not recognised. Face the screen, take off sunglasses or a mask, and try again.',
  },
  // The kiosk challenge's steps (decision 0060), in the tone of the page's first three prompts (camera.json).
  'face.step.straight': { es: 'Mira al frente', en: 'Look straight ahead' },
  'face.step.left': { es: 'Gira la cabeza a tu izquierda', en: 'Turn your head to your left' },
  'face.step.right': { es: 'Gira la cabeza a tu derecha', en: 'Turn your head to your right' },
  'face.step.up': { es: 'Mira hacia arriba', en: 'Look up' },
  'face.step.down': { es: 'Mira hacia abajo', en: 'Look down' },
  'face.step.blink': { es: 'Parpadea', en: 'Blink' },
  'face.step.smile': { es: 'Sonríe', en: 'Smile' },
  'face.step.mouth': { es: 'Abre la boca', en: 'Open your mouth' },
  'face.face_not_frontal': { es: 'Mira de frente a la cámara.', en: 'Look straight at the camera.' },
  'face.faces_differ': {
    es: 'Las capturas no parecen de la misma persona. Inténtalo de nuevo.',
    en: 'The captures do not look like the same person. Try again.',
  },
  'face.captures_count': { es: 'Se necesitan entre {min} y {max} capturas del rostro.', en: 'Between {min} and {max} face captures are needed.' },
  'face.invalid_image': { es: 'La imagen no es un JPEG, PNG o WebP válido (máximo 2 MB).', en: 'The image is not a valid JPEG, PNG or WebP (2 MB at most).' },
  'face.image_format': {
    es: 'La imagen debe ser una foto JPEG, PNG o WebP (no SVG, GIF, TIFF ni HEIC).',
    en: 'The image must be a JPEG, PNG or WebP photo (not SVG, GIF, TIFF or HEIC).',
  },
  'face.image_too_large': { es: 'La imagen es demasiado grande: máximo {max} megapíxeles.', en: 'The image is too large: {max} megapixels at most.' },
  'face.image_damaged': { es: 'La imagen está dañada o incompleta. Vuelve a capturarla.', en: 'The image is damaged or incomplete. Capture it again.' },
  'face.consentRequired': {
    es: 'El empleado debe aceptar el aviso de datos biométricos antes del registro.',
    en: 'The employee must accept the biometric data notice before enrolment.',
  },
  'face.unavailable': {
    es: 'El reconocimiento facial no está disponible en este momento. Inténtalo en unos segundos.',
    en: 'Face recognition is not available right now. Try again in a few seconds.',
  },
  'face.deleted': { es: 'Registro facial eliminado', en: 'Face registration deleted' },
  'face.notRegistered': { es: 'El empleado no tiene un registro facial', en: 'The employee has no face registration' },
  'face.employeeInactive': {
    es: 'No se puede registrar el rostro de un empleado inactivo',
    en: 'A face cannot be registered for an inactive employee',
  },
  'face.consentWithdrawn': {
    es: 'Consentimiento retirado. Tus datos faciales fueron eliminados.',
    en: 'Consent withdrawn. Your face data has been deleted.',
  },
  'face.liveness_failed': {
    es: 'No se pudo verificar que la persona esté presente. Sigue las indicaciones e inténtalo de nuevo.',
    en: 'We could not verify that a live person is present. Follow the prompts and try again.',
  },
  'face.face_not_recognized': { es: 'Rostro no reconocido. Inténtalo de nuevo.', en: 'Face not recognised. Try again.' },
  'face.challengeInvalid': {
    es: 'La verificación expiró o ya se usó. Vuelve a empezar.',
    en: 'The check expired or was already used. Start again.',
  },
  'face.cooldown': {
    es: 'Demasiados intentos fallidos. Espera {seconds} segundos antes de volver a intentarlo.',
    en: 'Too many failed attempts. Wait {seconds} seconds before trying again.',
  },
  'face.networkCooldown': {
    es: 'Demasiados intentos fallidos desde esta red. Espera unos minutos antes de volver a intentarlo.',
    en: 'Too many failed attempts from this network. Wait a few minutes before trying again.',
  },
  'kiosk.notPaired': {
    es: 'Este dispositivo no es un kiosco vinculado a la empresa. Pide al administrador un código en Configuración → Vincular kiosco.',
    en: 'This device is not a kiosk paired with the company. Ask the administrator for a code in Settings → Pair kiosk.',
  },
  'kiosk.revoked': {
    es: 'El administrador desvinculó este kiosco. Pide un código nuevo para vincularlo otra vez.',
    en: 'The administrator unpaired this kiosk. Ask for a new code to pair it again.',
  },
  'kiosk.signatureInvalid': {
    es: 'La firma de este kiosco no es válida. Vuelve a vincular el dispositivo.',
    en: "This kiosk's signature is not valid. Pair the device again.",
  },
  'kiosk.pairingCodeInvalid': {
    es: 'El código no es válido, ya se usó o venció. Pide uno nuevo al administrador.',
    en: 'The code is not valid, was already used or has expired. Ask the administrator for a new one.',
  },
  'kiosk.offlineCaptureTime': {
    es: 'La hora de esta marcación sin conexión no es creíble (más de 24 horas, futura o anterior al último contacto del kiosco). No se registró.',
    en: "This offline punch's time is not credible (over 24 hours old, in the future or before the kiosk's last contact). It was not recorded.",
  },
  'kiosk.offlineChallengeInvalid': {
    es: 'Esta marcación sin conexión ya se envió o sus pasos no son válidos.',
    en: 'This offline punch was already sent or its steps are not valid.',
  },
  'kiosk.contactStale': {
    es: 'El reloj del kiosco retrocedió respecto a su último contacto. Revisa la hora del dispositivo.',
    en: "The kiosk's clock went back since its last contact. Check the device's time.",
  },
  'kiosk.publicKeyInvalid': { es: 'La clave del dispositivo no es válida', en: "The device's key is not valid" },
  'kiosk.nameRequired': { es: 'Escribe un nombre para el kiosco', en: 'Enter a name for the kiosk' },
  'kiosk.notFound': { es: 'Kiosco no encontrado', en: 'Kiosk not found' },
  'kiosk.revokedDone': { es: 'Kiosco desvinculado', en: 'Kiosk unpaired' },
  'kiosk.codeCreated': { es: 'Código de vinculación creado', en: 'Pairing code created' },
  'kiosk.paired': { es: 'Kiosco vinculado', en: 'Kiosk paired' },
  'face.frameReplayed': {
    es: 'Estas imágenes ya se usaron en otra marcación. Vuelve a intentarlo frente a la cámara.',
    en: 'These pictures were already used in another marking. Try again in front of the camera.',
  },
  'face.identityCooldown': {
    es: 'Demasiados intentos rechazados para esta persona. Espera {minutes} minutos; el administrador fue avisado.',
    en: 'Too many refused attempts for this person. Wait {minutes} minutes; the administrator has been told.',
  },
  'face.noticeVersionInvalid': {
    es: 'El aviso de datos biométricos cambió. Recarga la página y vuelve a mostrarlo al empleado.',
    en: 'The biometric data notice has changed. Reload the page and show it to the employee again.',
  },
  'face.photoNotFound': { es: 'No hay una foto de registro guardada', en: 'No enrolment photo is stored' },
  'faceSettings.thresholdRange': {
    es: 'El umbral debe estar entre 0.45 y 0.55 (en pasos de 0.01)',
    en: 'The threshold must be between 0.45 and 0.55 (in steps of 0.01)',
  },
  'faceSettings.saved': { es: 'Configuración de reconocimiento facial guardada', en: 'Face recognition settings saved' },
  'faceSettings.photosDeleted': {
    es: 'Configuración guardada. Fotos de registro eliminadas: {count}.',
    en: 'Settings saved. Enrolment photos deleted: {count}.',
  },
  'face.tooManyRequests': { es: 'Demasiadas solicitudes. Espera un momento.', en: 'Too many requests. Wait a moment.' },
  // fair shares (decision 0022): one company's face work never takes the whole engine
  'face.companyBusy': {
    es: 'Tu empresa tiene demasiados análisis faciales en curso. Intenta de nuevo en {retryAfter} segundos.',
    en: 'Your company has too many face checks in progress. Try again in {retryAfter} seconds.',
  },
  // the face queue is deeper than it can answer in time (decision 0065)
  'face.queueBusy': {
    es: 'El reconocimiento facial está muy solicitado en este momento. Intenta de nuevo en {retryAfter} segundos.',
    en: 'Face recognition is very busy right now. Try again in {retryAfter} seconds.',
  },
  'face.enrolTooMany': {
    es: 'Demasiados registros faciales en poco tiempo. Intenta de nuevo en {retryAfter} segundos.',
    en: 'Too many face enrolments in a short time. Try again in {retryAfter} seconds.',
  },
  'face.noSchedule': { es: 'No tienes un horario asignado. Consulta con tu administrador.', en: 'You have no schedule assigned. Ask your administrator.' },
  'faceLink.nameRequired': { es: 'El nombre del enlace es requerido', en: 'The link name is required' },
  'faceLink.expiryInvalid': { es: 'La fecha de expiración no es válida', en: 'The expiry date is not valid' },
  'faceLink.expiryPast': { es: 'La fecha de expiración no puede estar en el pasado', en: 'The expiry date cannot be in the past' },
  'faceLink.created': { es: 'Enlace creado exitosamente', en: 'Link created successfully' },
  'faceLink.activated': { es: 'Enlace activado', en: 'Link activated' },
  'faceLink.deactivated': { es: 'Enlace desactivado', en: 'Link deactivated' },
  'faceLink.deleted': { es: 'Enlace eliminado exitosamente', en: 'Link deleted successfully' },
  'faceLink.notFound': { es: 'Enlace no encontrado', en: 'Link not found' },
  'faceLink.inactive': { es: 'Este enlace de asistencia está desactivado.', en: 'This attendance link is deactivated.' },
  'faceLink.expired': { es: 'Este enlace de asistencia expiró.', en: 'This attendance link has expired.' },
  'faceLink.unknown': { es: 'Enlace de asistencia no válido.', en: 'Invalid attendance link.' },
  'kiosk.manifestDescription': { es: 'Kiosco de asistencia con reconocimiento facial.', en: 'Face-recognition attendance kiosk.' },
} as const;

/**
 * The biometric notice shown before enrolment (version FACE_NOTICE_VERSION). Peru's Ley 29733 treats
 * face templates as sensitive data: purpose, what is kept, how long, and how to withdraw.
 */
export const FACE_NOTICE = {
  es: [
    'Presente usará tu rostro solo para registrar tu asistencia en esta empresa.',
    'Guardamos una plantilla numérica de tu rostro (no la foto). Las fotos de registro se procesan y se descartan.',
    'La plantilla se elimina si retiras tu consentimiento (desde Configuración en tu área de empleado), si se elimina o desactiva tu cuenta, o si la empresa deja el servicio.',
    'Cada marcación guarda la evidencia de la verificación (distancias, resultado de la prueba de vida, ubicación, IP) junto al registro de asistencia.',
  ],
  en: [
    'Presente will use your face only to record your attendance at this company.',
    'We keep a numeric template of your face (not the photo). Enrolment photos are processed and discarded.',
    'The template is deleted if you withdraw consent (from Settings in your employee area), if your account is deleted or deactivated, or if the company leaves the service.',
    'Each punch keeps the evidence of the check (distances, liveness result, location, IP) with the attendance record.',
  ],
} as const;

/**
 * The notice when the company keeps one enrolment photo per employee (version FACE_NOTICE_PHOTO_VERSION):
 * the same, saying that one photo is kept, who sees it and when it goes.
 */
export const FACE_NOTICE_PHOTO = {
  es: [
    FACE_NOTICE.es[0],
    'Guardamos una plantilla numérica de tu rostro y una foto de registro (la mejor captura), que solo ven los administradores de tu empresa. Las demás capturas se procesan y se descartan.',
    'La plantilla y la foto se eliminan si retiras tu consentimiento (desde Configuración en tu área de empleado), si se elimina o desactiva tu cuenta, si la empresa deja de guardar fotos o si la empresa deja el servicio.',
    FACE_NOTICE.es[3],
  ],
  en: [
    FACE_NOTICE.en[0],
    "We keep a numeric template of your face and one enrolment photo (the best capture), seen only by your company's administrators. The other captures are processed and discarded.",
    'The template and the photo are deleted if you withdraw consent (from Settings in your employee area), if your account is deleted or deactivated, if the company stops keeping photos, or if the company leaves the service.',
    FACE_NOTICE.en[3],
  ],
} as const;
