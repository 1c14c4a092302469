/** Stable error codes of the API. The server maps each to one HTTP status; the web app translates them. */
export const ERROR_STATUS = {
  validation_failed: 400,
  invalid_token: 400,
  captcha_failed: 400,
  captcha_expired: 400,
  location_required: 400,
  not_checked_in: 400,
  no_face: 422,
  multiple_faces: 422,
  face_too_small: 422,
  face_blurry: 422,
  face_too_dark: 422,
  face_not_frontal: 422,
  faces_differ: 422,
  captures_count: 400,
  invalid_image: 400,
  incomplete_upload: 400,
  liveness_failed: 422,
  face_not_recognized: 422,
  consent_required: 400,
  challenge_invalid: 400,
  kiosk_not_paired: 403,
  kiosk_revoked: 403,
  kiosk_signature_invalid: 403,
  pairing_code_invalid: 400,
  frame_replayed: 422,
  qr_code_invalid: 400,
  qr_code_expired: 410,
  qr_code_used: 409,
  qr_wrong_location: 403,
  qr_not_allowed: 403,
  identity_cooldown: 429,
  unauthorized: 401,
  invalid_credentials: 401,
  account_inactive: 403,
  company_inactive: 403,
  register_only: 403,
  forbidden: 403,
  origin_mismatch: 403,
  plan_limit_reached: 403,
  manual_not_allowed: 403,
  outside_geofence: 403,
  not_found: 404,
  link_inactive: 410,
  link_expired: 410,
  email_taken: 409,
  conflict: 409,
  company_closed: 409,
  documents_missing: 422,
  already_completed: 409,
  rate_limited: 429,
  bad_gateway: 502,
  face_unavailable: 503,
  service_unavailable: 503,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of every error answer. */
export interface ApiError {
  message: string;
  code: ErrorCode | string;
  errors?: { path: string; message: string }[];
}
/** The JSON body of every success answer. */
export interface ApiSuccess<T> {
  data: T;
  message?: string;
}
