export * from './error-codes';
export * from './constants';
export * from './dictionary-types';
export * from './rules';
export * from './validation';
export * from './id-number';
export * from './time';
export * from './number';
export type * from './api-types';
