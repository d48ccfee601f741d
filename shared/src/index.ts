export * from './registry';
export * from './api/index';
export * from './api/accounts';
export * from './languages';
export * from './themes';
export * from './permissions';
export * from './constants';
export * from './rules/progress';
