export * from './breaks.js';
export * from './judge.js';
export * from './outside.js';
export * from './payroll.js';
export * from './periods.js';
export * from './rules.js';
export * from './system-notes.js';
export * from './time.js';
