/** The schedules Lambda's entry: the platform's schedule handler with the domains' one-time jobs plugged in. */
import { registerDomainJobs } from '../platform/schedules/one-time';
import { domains } from './domains';

registerDomainJobs(domains);

export { handler } from '../platform/schedules/handler';
