/**
 * The handlers the local cloud invokes, the same modules the CDK stacks deploy as Lambdas, from the
 * composition root (`app/`). Loaded lazily, after the environment (table, endpoints, secrets) has been set.
 */
import type { Domain } from '@lectio/shared';
import { httpModules, type HttpHandler } from '../../app/http';

const cache = new Map<Domain, Promise<HttpHandler>>();

export function httpHandler(domain: Domain): Promise<HttpHandler> {
  let h = cache.get(domain);
  if (!h) {
    const load = httpModules[domain];
    if (!load) throw new Error(`no handler module for domain ${domain}`);
    h = load().then((m) => m.handler);
    cache.set(domain, h);
  }
  return h;
}

export const domainsWithHandlers = () => Object.keys(httpModules) as Domain[];
export const wsHandler = () => import('../../app/ws').then((m) => m.handler);
export const streamHandler = () => import('../../app/stream').then((m) => m.handler);
export const scheduleHandler = () => import('../../app/schedule').then((m) => m.handler);
