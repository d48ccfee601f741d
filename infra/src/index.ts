export * from './app';
export { LectioFunction, type LectioFunctionProps } from './lambda';
export { contentSecurityPolicy } from './content-security-policy';
export { domainNeeds, type DomainNeeds } from './domains';
export { readSettings, type LectioSettings } from './settings';
export type { WebConfig } from './stacks/web-content-stack';
