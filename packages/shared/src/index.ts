export * from './constants.js';
export * from './countries.js';
export * from './errors.js';
export * from './messages.js';
export * from './schemas/auth.js';
export * from './plans.js';
