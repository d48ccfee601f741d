/**
 * The first steps of the local cloud's start-up, before the rest of it is loaded: the judge's sandbox check
 * (without a sandbox the local cloud does not start), then DynamoDB Local's JVM under DATA_DIR, which boots
 * (seconds) while the rest loads. `runLocalCloud` (local-main.ts) runs them; `npm start` runs them from a
 * small bundle of this file while it builds the server bundle, when that has to be built (functions/start.mjs).
 */
import { sandboxEnvironment } from '../judge/sandbox/environment';
import { env } from '../platform/env';
import { dynamoDataDir, startDynamoLocal, type DynamoLocal } from '../platform/local/dynamo-local';

export type { DynamoLocal };

/** Exits with the sandbox's message when there is none; else starts DynamoDB Local (it writes its class archive when closed). */
export function bootLocalCloud(): Promise<DynamoLocal> {
  try {
    sandboxEnvironment();
  } catch (error) {
    console.error(`[local-cloud] ${(error as Error).message}`);
    process.exit(1);
  }
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const dynamo = startDynamoLocal(dynamoDataDir(env('DATA_DIR')), { archive: true });
  dynamo.catch(() => undefined);
  return dynamo;
}
