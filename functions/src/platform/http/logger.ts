/** One structured logger per container (Powertools). */
import { Logger } from '@aws-lambda-powertools/logger';
import { env } from '../config';

export const logger = new Logger({
  serviceName: 'lectio',
  logLevel: env('LOG_LEVEL'),
});
