/** The composition the local cloud runs: the same Lambda entries the CDK stacks deploy, and the demo seed. */
import type { LocalHandlers } from '../platform/local/handlers';
import { httpModules } from './http';
import { kernelsConfigured } from '../kernels';

export const localHandlers: LocalHandlers = {
  http: httpModules,
  ws: () => import('./ws').then((m) => m.handler),
  stream: () => import('./stream').then((m) => m.handler),
  schedule: () => import('./schedule').then((m) => m.handler),
  deliver: () => import('./stream').then((m) => m.deliver),
  seedIfEmpty: () => import('../demo/seed').then((m) => m.seedIfEmpty),
  kernels: {
    configured: () => kernelsConfigured(),
    load: () => import('../kernels/gateway').then((m) => m.kernelProxyFromEnv()),
  },
};
