/** One DynamoDB document client per container, created at load time and reused. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../config';
import { traced } from '../tracing';

/**
 * DynamoDB Local (the local cloud and tests, on loopback) wants a request to carry an Authorization
 * header but never checks the signature: a fixed header spares the SigV4 work, a fifth of the client's
 * CPU per call. AWS gets signed requests as always.
 */
export const unsignedForLocal = {
  sign: async <R extends { headers: Record<string, string> }>(request: R) => {
    request.headers.authorization = 'AWS4-HMAC-SHA256 Credential=local/20200101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0';
    return request;
  },
};

/**
 * The local cloud serves thousands of WebSocket clients from one process (a competition's start):
 * the SDK's default of 50 sockets to DynamoDB Local queued hundreds of requests behind them. In a
 * Lambda, one request at a time, the default stays.
 */
const LOCAL_MAX_SOCKETS = 256;

// Read when this module loads, not from `config`'s snapshot: a process that imported config before the
// local cloud set DYNAMODB_ENDPOINT (the benches, through the judge's sandbox) still reaches DynamoDB Local.
const endpoint = env('DYNAMODB_ENDPOINT');

export const dynamo = traced(
  new DynamoDBClient({
    region: env('AWS_REGION'),
    ...(endpoint ? { endpoint, signer: unsignedForLocal, requestHandler: { httpAgent: { keepAlive: true, maxSockets: LOCAL_MAX_SOCKETS } } } : {}),
  }),
);

export const db = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true },
});

export const table = () => env('TABLE_NAME');
