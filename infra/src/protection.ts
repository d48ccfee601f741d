/**
 * Limits against abuse at the edge (issue 8): API Gateway throttling per stage and per sensitive
 * route, and the table rights each function gets (item access only: no Scan, no table admin).
 */
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';

/** Requests per second (steady) and burst for the whole HTTP API stage. */
export const HTTP_STAGE_THROTTLE = { rateLimit: 200, burstLimit: 400 };

/**
 * Tighter limits for the routes a password guesser or a mail bomber would call. The count-first
 * limits in DynamoDB (functions/src/platform/auth/rate-limit.ts) still decide per e-mail and IP;
 * these cap the cost of a flood before any Lambda runs.
 */
export const SENSITIVE_ROUTE_THROTTLE = { rateLimit: 10, burstLimit: 20 };
export const SENSITIVE_ROUTES = [
  'POST /oauth/token',
  'POST /register',
  'POST /finishreg',
  'POST /confirm',
  'POST /pwd-change-mail',
  'POST /pwd-confirm-code',
  'POST /pwd-change-pwd',
];

/** WebSocket API stage: messages per second (steady) and burst. */
export const WS_STAGE_THROTTLE = { rateLimit: 100, burstLimit: 200 };

/** Reserved concurrency of the accounts Lambda: argon2 floods cannot starve the other domains. */
export const ACCOUNTS_RESERVED_CONCURRENCY = 20;

/** What request handlers do with the table: read and write items, query keys and indexes. */
export const ITEM_ACCESS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/**
 * Item access on the table and its indexes, instead of `grantReadWriteData` (which adds Scan,
 * DescribeTable and the stream reads). No request path scans the table (ARCHITECTURE.md §4).
 */
export function grantItemAccess(table: ITableV2, grantee: IGrantable): void {
  table.grant(grantee, ...ITEM_ACCESS);
}
