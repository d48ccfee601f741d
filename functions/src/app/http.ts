/** The HTTP Lambdas of the domains, as the local cloud invokes them (the CDK stacks deploy the same modules). */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Domain } from '@lectio/shared';

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** Loaded lazily, after the environment (table, endpoints, secrets) has been set. */
export const httpModules: Partial<Record<Domain, () => Promise<{ handler: HttpHandler }>>> = {
  accounts: () => import('../accounts/handler'),
  authoring: () => import('../authoring/handler'),
  catalogue: () => import('../catalogue/handler'),
  competitions: () => import('../competitions/handler'),
  messages: () => import('../messages/handler'),
  player: () => import('../player/handler'),
  judge: () => import('../judge/handler'),
  tests: () => import('../tests/handler'),
};
