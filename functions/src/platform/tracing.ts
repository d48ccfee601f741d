/**
 * One Powertools Tracer per container (AWS X-Ray). The AWS SDK clients that carry the work, DynamoDB
 * and the API Gateway management API above all, are wrapped with `traced()` so each call is a
 * subsegment of the invocation's trace; the HTTP router, the WebSocket and stream handlers open the
 * invocation's segment through `tracingMiddleware`. Outside Lambda (local cloud, tests) the Tracer is
 * off and both are no-ops.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj } from '@middy/core';
import { env } from './env';

export const tracer = new Tracer({ serviceName: 'lectio', enabled: Boolean(env('AWS_LAMBDA_FUNCTION_NAME')) });

/** The client, with each of its calls traced as a subsegment (in Lambda). */
export const traced = <T>(client: T): T => (tracer.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client);

/** The middy middleware that traces an invocation (annotates cold starts; errors are recorded). */
export const tracingMiddleware = <E, R>(): MiddlewareObj<E, R> =>
  captureLambdaHandler(tracer, { captureResponse: false }) as unknown as MiddlewareObj<E, R>;
