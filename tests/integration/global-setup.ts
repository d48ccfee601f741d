/** Starts one in-memory DynamoDB Local for the whole integration run (cold start ~5 s). */
import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../functions/src/platform/local/dynamo-local';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const dynamo = await startDynamoLocal(null);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}
