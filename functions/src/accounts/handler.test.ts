/** The platform's router behind the accounts handler, with DynamoDB mocked: sample events in, statuses and bodies out. */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';

process.env.JWT_SECRET = 'unit-test-secret-unit-test-secret';
process.env.CLIENT_SECRET = 'unit-client-secret';

const { handler } = await import('./handler');
const ddb = mockClient(DynamoDBDocumentClient);
const sample = (name: string) => JSON.parse(readFileSync(new URL(`../../../events/samples/${name}`, import.meta.url), 'utf8'));
const context = { awsRequestId: 'r', functionName: 'accounts', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

beforeEach(() => ddb.reset());

describe('accounts router', () => {
  it('Prepare a public GET, Act, Assess: 200 with the language list', async () => {
    const res = (await handler(sample('http-get-languages.json'), context)) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).list).toHaveLength(8);
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = (await handler(sample('http-post-token-malformed.json'), context)) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).message).toBe('Malformed JSON body.');
    expect(JSON.parse(res.body).code).toBe('malformed_json');
  });

  it('answers 401 Unauthorized. without a token on a user route', async () => {
    const event = { ...sample('http-get-languages.json'), routeKey: 'GET /get-full-user-parameters', rawPath: '/get-full-user-parameters' };
    const res = (await handler(event, context)) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ message: 'Unauthorized.' });
  });

  it('hides unexpected failures behind a generic 500', async () => {
    const { issueTokens } = await import('../platform/auth/tokens');
    const { access_token } = await issueTokens(1, 1);
    ddb.on(GetCommand).rejects(new Error('boom: secret internals'));
    const event = {
      ...sample('http-get-languages.json'),
      routeKey: 'GET /get-full-user-parameters',
      headers: { authorization: `Bearer ${access_token}` },
    };
    const res = (await handler(event, context)) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('boom');
    expect(JSON.parse(res.body)).toEqual({ message: 'Internal server error.', code: 'internal_error' });
  });

  it('answers an unknown route key with 404', async () => {
    const res = (await handler({ ...sample('http-get-languages.json'), routeKey: 'GET /nope' }, context)) as { statusCode: number };
    expect(res.statusCode).toBe(404);
  });
});
