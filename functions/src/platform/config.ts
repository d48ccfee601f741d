/**
 * Runtime configuration read from the environment once per cold start. In AWS the CDK stacks set
 * these variables; the local cloud sets them before it loads any handler.
 */
import { hkdfSync } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export const config = {
  tableName: process.env.TABLE_NAME ?? 'lectio',
  region: process.env.AWS_REGION ?? 'eu-central-1',
  dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
  /** The WebSocket management endpoint (`https://{api}.execute-api…/{stage}` or the local `/_ws`). */
  wsManagementEndpoint: process.env.WS_MANAGEMENT_ENDPOINT ?? '',
  /** Where mails go: `ses` in AWS, `outbox` locally. */
  mailTransport: (process.env.MAIL_TRANSPORT ?? 'outbox') as 'ses' | 'outbox',
  mailFrom: process.env.MAIL_FROM ?? 'Lectio <no-reply@lectio.example>',
  outboxDir: process.env.OUTBOX_DIR ?? '.data/outbox',
  publicUrl: process.env.PUBLIC_URL ?? 'http://127.0.0.1:3000',
  accessTokenSeconds: Number(process.env.ACCESS_TOKEN_SECONDS ?? 8 * 3600),
  refreshTokenSeconds: Number(process.env.REFRESH_TOKEN_SECONDS ?? 30 * 24 * 3600),
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
    if (process.env.JWT_SECRET && process.env.CLIENT_SECRET) {
      return { jwtSecret: process.env.JWT_SECRET, clientSecret: process.env.CLIENT_SECRET };
    }
    const arn = process.env.SECRETS_ARN;
    if (!arn) throw new Error('JWT_SECRET/CLIENT_SECRET or SECRETS_ARN must be set');
    const client = new SecretsManagerClient({ region: config.region });
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

