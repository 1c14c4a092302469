export * from './rules.js';
export * from './time.js';
