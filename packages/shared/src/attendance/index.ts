export * from './judge.js';
export * from './rules.js';
export * from './time.js';
