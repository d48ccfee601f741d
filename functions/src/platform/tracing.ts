/**
 * One Powertools Tracer per container (AWS X-Ray). The AWS SDK clients that carry the work, DynamoDB
 * and the API Gateway management API above all, are wrapped with `traced()` so each call is a
 * subsegment of the invocation's trace; the HTTP router, the WebSocket and stream handlers open the
 * invocation's segment through `tracingMiddleware`. Outside Lambda (local cloud, tests) there is no
 * tracer and both are no-ops: the X-Ray SDK (about 130 kB of the bundle) is loaded only in Lambda.
 */
import type { MiddlewareObj } from '@middy/core';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { env } from './env';

const inLambda = Boolean(env('AWS_LAMBDA_FUNCTION_NAME'));

export const tracer: Tracer | null = inLambda ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: 'lectio' }) : null;
const captureLambdaHandler = inLambda ? (await import('@aws-lambda-powertools/tracer/middleware')).captureLambdaHandler : null;

/** The client, with each of its calls traced as a subsegment (in Lambda). */
export const traced = <T>(client: T): T => (tracer?.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client);

/** The middy middleware that traces an invocation (annotates cold starts; errors are recorded); none outside Lambda. */
export const tracingMiddleware = <E, R>(): MiddlewareObj<E, R> =>
  tracer && captureLambdaHandler ? (captureLambdaHandler(tracer, { captureResponse: false }) as unknown as MiddlewareObj<E, R>) : { before: async () => undefined };
