export * from './breaks.js';
export * from './judge.js';
export * from './periods.js';
export * from './rules.js';
export * from './time.js';
