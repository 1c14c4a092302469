export * from './attendance.js';
export * from './companies.js';
export * from './organization.js';
export * from './jobs.js';
export * from './billing.js';
export * from './face.js';
export * from './captcha.js';
