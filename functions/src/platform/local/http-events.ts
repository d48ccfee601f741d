/** Turns a Node HTTP request into an API Gateway v2 (HTTP API, payload 2.0) event. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

const textTypes = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

export function httpEvent(
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
  body: Buffer,
  route: { routeKey: string; pathParameters: Record<string, string> },
  /** When the request arrived (as API Gateway's `timeEpoch`: before the body is read and the handler runs). */
  arrivedAt: number = Date.now(),
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
  const contentType = headers['content-type'] ?? '';
  const isText = !body.length || textTypes.test(contentType) || contentType === '';
  const now = new Date(arrivedAt);
  return {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: path,
    rawQueryString: query.toString(),
    cookies: headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: query.size ? Object.fromEntries(query) : undefined,
    pathParameters: Object.keys(route.pathParameters).length ? route.pathParameters : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: !isText,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: 'local',
      http: {
        method: req.method ?? 'GET',
        path,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: route.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}
