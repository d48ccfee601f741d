/**
 * Fan-out to a topic through the API Gateway management API: bounded concurrency, and a
 * connection answering GoneException is deleted with its subscriptions.
 */
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  PostToConnectionCommand,
  GoneException,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { serverMessage, type ServerMessage } from '@lectio/events';
import { config } from '../config';
import { logger } from '../http/logger';
import { connectionsOfUser, removeConnection, subscribersOf } from './connections';

let client: ApiGatewayManagementApiClient | undefined;
const management = () =>
  (client ??= new ApiGatewayManagementApiClient({ region: config.region, endpoint: process.env.WS_MANAGEMENT_ENDPOINT ?? config.wsManagementEndpoint }));

export const PUBLISH_CONCURRENCY = 32;

export interface PublishReport {
  delivered: number;
  gone: number;
  failed: number;
}

/** Sends one message to one connection; returns false when the connection is gone (and removes it). */
export async function postToConnection(connectionId: string, message: ServerMessage): Promise<boolean> {
  try {
    await management().send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }),
    );
    return true;
  } catch (error) {
    if (error instanceof GoneException || (error as Error).name === 'GoneException') {
      await removeConnection(connectionId);
      return false;
    }
    throw error;
  }
}

export async function publish(topic: string, message: ServerMessage): Promise<PublishReport> {
  const checked = serverMessage.parse(message);
  const report: PublishReport = { delivered: 0, gone: 0, failed: 0 };
  for await (const page of subscribersOf(topic)) {
    let next = 0;
    const worker = async () => {
      while (next < page.length) {
        const id = page[next++]!;
        try {
          if (await postToConnection(id, checked)) report.delivered++;
          else report.gone++;
        } catch (error) {
          report.failed++;
          logger.warn('post to connection failed', { connectionId: id, error: error as Error });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PUBLISH_CONCURRENCY, page.length) }, worker));
  }
  return report;
}

/**
 * Closes the user's open WebSocket connections (all, or only those opened with one session's token):
 * after a logout or a password change nothing more is pushed to them.
 */
export async function closeUserConnections(userId: number, sid?: string): Promise<number> {
  const ids = await connectionsOfUser(userId, sid);
  await Promise.all(
    ids.map(async (connectionId) => {
      try {
        await management().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (error) {
        if (!(error instanceof GoneException || (error as Error).name === 'GoneException')) {
          logger.warn('closing a connection failed', { connectionId, error: error as Error });
        }
      }
      await removeConnection(connectionId);
    }),
  );
  return ids.length;
}
