import { randomBytes } from 'node:crypto';

/** Test support for the fake PayPal: PayPal's error bodies and event shapes, word for word from its OpenAPI documents. */

/** A webhook event as PayPal posts it (notifications v1 `event`). */
export interface FakeEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: object;
  links: { href: string; rel: string; method: string }[];
}

/** PayPal's name and message per status (billing_subscriptions_v1 error_4xx/5xx). */
const ERRORS: Record<number, { name: string; message: string }> = {
  400: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.' },
  401: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to missing authorization header, or invalid authentication credentials.' },
  403: { name: 'NOT_AUTHORIZED', message: 'Authorization failed due to insufficient permissions.' },
  404: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
  422: { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed, semantically incorrect, or failed business validation.' },
  500: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' },
  503: { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' },
};

/** The description PayPal gives each issue (its documents fix them). */
const ISSUES: Record<string, string> = {
  MISSING_REQUIRED_PARAMETER: 'A required field is missing.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  SUBSCRIPTION_STATUS_INVALID: 'Invalid subscription status for cancel action; subscription status should be active or suspended.',
  PLAN_PRODUCT_NOT_COMPATIBLE: 'The old and the new plans should be for the same product.',
  SUBSCRIPTION_CANNOT_HAVE_QUANTITY: "Subscription can't have quantity as the plan does not support quantity.",
};

/** PayPal's error body: name, message, debug_id, details[] (issue, description, field). */
export function payPalError(status: number, issue?: string, field?: string) {
  const { name, message } = ERRORS[status] ?? ERRORS[500];
  return {
    name,
    message,
    debug_id: randomBytes(7).toString('hex'),
    ...(status < 500 ? { details: issue ? [{ ...(field ? { field, location: 'body' } : {}), issue, description: ISSUES[issue] ?? issue }] : [] } : {}),
    links: [{ href: `https://developer.paypal.com/docs/api/v1/billing/subscriptions#error-${issue ?? name}`, rel: 'information_link', method: 'GET' }],
  };
}

/** A v1 sale amount as PayPal writes it: "20.0", "17.5", "2.55" (trailing zero dropped). */
export const saleTotal = (value: string) =>
  Number(value)
    .toFixed(2)
    .replace(/(\.\d)0$/, '$1');
