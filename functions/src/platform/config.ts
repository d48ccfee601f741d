/**
 * Runtime configuration. Every environment variable the functions read is declared once, with its
 * zod schema, in `environment` (env.ts, re-exported here); code reads them with `env(name)` (typed, checked when read, so a
 * local cloud or a test that sets a variable later is seen) and `checkEnvironment()` validates them
 * all at a cold start. In AWS the CDK stacks set these variables; the local cloud sets them before it
 * loads any handler.
 */
import { hkdfSync } from 'node:crypto';
import { checkEnvironment, env } from './env';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { traced } from './tracing';

export { checkEnvironment, env, environment, EnvironmentError, type Env, type EnvName } from './env';

// A cold start with a wrong variable fails here, naming every wrong one, not later inside a request.
checkEnvironment();

/** The values most code needs, read once per cold start. */
export const config = {
  tableName: env('TABLE_NAME'),
  region: env('AWS_REGION'),
  dynamoEndpoint: env('DYNAMODB_ENDPOINT'),
  wsManagementEndpoint: env('WS_MANAGEMENT_ENDPOINT'),
  mailTransport: env('MAIL_TRANSPORT'),
  mailFrom: env('MAIL_FROM'),
  outboxDir: env('OUTBOX_DIR'),
  publicUrl: env('PUBLIC_URL'),
  accessTokenSeconds: env('ACCESS_TOKEN_SECONDS'),
  refreshTokenSeconds: env('REFRESH_TOKEN_SECONDS'),
};

export interface Secrets {
  jwtSecret: string;
  clientSecret: string;
}

let secretsPromise: Promise<Secrets> | undefined;

/**
 * Signing key and OAuth client secret. Locally they come from the environment (the local cloud
 * writes them under DATA_DIR); in AWS from Secrets Manager, fetched once per container.
 */
export function getSecrets(): Promise<Secrets> {
  secretsPromise ??= (async () => {
    const jwtSecret = env('JWT_SECRET');
    const clientSecret = env('CLIENT_SECRET');
    if (jwtSecret && clientSecret) return { jwtSecret, clientSecret };
    const arn = env('SECRETS_ARN');
    if (!arn) throw new Error('JWT_SECRET/CLIENT_SECRET or SECRETS_ARN must be set');
    const client = traced(new SecretsManagerClient({ region: config.region }));
    const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    const parsed = JSON.parse(out.SecretString ?? '{}') as Partial<Secrets>;
    if (!parsed.jwtSecret || !parsed.clientSecret) throw new Error('secret lacks jwtSecret/clientSecret');
    return { jwtSecret: parsed.jwtSecret, clientSecret: parsed.clientSecret };
  })();
  return secretsPromise;
}

/** Tests and the local cloud reset cached secrets after changing the environment. */
export const resetSecretsCache = () => {
  secretsPromise = undefined;
  derived.clear();
};

/** What a key derived from the server secret is for: each use has its own key. */
export type KeyPurpose = 'task-order' | 'research-pseudonym';

const derived = new Map<KeyPurpose, Promise<Buffer>>();

/**
 * A 32-byte key for one purpose, derived from the server secret with HKDF-SHA256 (the purpose as its
 * info): a key that leaked from one use (say, the option-order seed) says nothing of the token-signing
 * secret or of another use's key.
 */
export function derivedKey(purpose: KeyPurpose): Promise<Buffer> {
  let key = derived.get(purpose);
  if (!key) {
    key = getSecrets().then((s) => Buffer.from(hkdfSync('sha256', s.jwtSecret, 'lectio-derived-keys', `lectio:${purpose}`, 32)));
    derived.set(purpose, key);
  }
  return key;
}
