/** The HTTP Lambdas of the domains, as the local cloud invokes them (the CDK stacks deploy the same modules). */
import type { Domain } from '@lectio/shared';
import type { HttpHandler } from '../platform/local/handlers';

/** Loaded lazily, after the environment (table, endpoints, secrets) has been set. */
export const httpModules: Partial<Record<Domain, () => Promise<{ handler: HttpHandler }>>> = {
  accounts: () => import('../accounts/handler'),
  authoring: () => import('../authoring/handler'),
  catalogue: () => import('../catalogue/handler'),
  competitions: () => import('../competitions/handler'),
  messages: () => import('../messages/handler'),
  activity: () => import('../activity/handler'),
  player: () => import('../player/handler'),
  judge: () => import('../judge/handler'),
  tests: () => import('../tests/handler'),
  groups: () => import('../groups/handler'),
  teaching: () => import('../teaching/handler'),
  revisions: () => import('../revisions/handler'),
  questionnaires: () => import('../questionnaires/handler'),
  kernels: () => import('../kernels/handler'),
  notebook: () => import('../notebook/handler'),
};
