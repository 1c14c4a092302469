export * from './attendance.js';
export * from './billing.js';
export * from './captcha.js';
export * from './companies.js';
export * from './face.js';
export * from './jobs.js';
export * from './organization.js';
export * from './register.js';
