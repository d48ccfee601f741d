/** The stream Lambda's entry: the platform's stream consumer with the domains' projections and pushes. */
import { createStreamHandler } from '../platform/streams/handler';
import { domains } from './domains';

export const { handler, deliver, eventsOf, projections } = createStreamHandler(domains);
export { latestEvents } from '../platform/streams/handler';
