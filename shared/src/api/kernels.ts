/**
 * Kernels domain (spec/3 "Kernels", §4 "Notebook cells and kernels", §7 `GET /get-jupy-token`,
 * `POST /write-kernel-use`, §9; issue 25 items 3 and 6): live Jupyter kernels reached only through
 * Lectio. The token route hands the browser a short-lived signed token for the kernel proxy
 * (`/kernels/api/kernels…`, REST and the channels WebSocket, messaging protocol 5.3); Lectio records
 * each kernel's owner, so a user reaches only their own kernels. Admins list and delete running kernels.
 */
import * as z from 'zod';
import { defineDomain, okResponse } from '../registry';

/** Jupyter's kernel ids are UUIDs. */
export const KERNEL_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const kernelId = z.string().max(36).regex(KERNEL_ID_PATTERN, 'Must be a kernel id');

/** At most this many live kernels per user (one learner must not exhaust the machine). */
export const KERNELS_PER_USER = 2;
/** Spec/3 §9: kernel activity is written at most every 300 s. */
export const KERNEL_USE_INTERVAL_S = 300;
/** The messaging protocol the client speaks (spec/3 §9). */
export const KERNEL_PROTOCOL_VERSION = '5.3';
/** The path of the kernel proxy on Lectio's own origin (local cloud and the AWS API alike). */
export const KERNEL_PROXY_PATH = '/kernels';

/** The kernels' own texts (server errors). */
export const kernelTexts = {
  notFound: 'Kernel not found.',
  tooMany: 'You have too many running kernels. Delete one first.',
  notConfigured: 'No kernel service is configured.',
  badToken: 'Invalid kernel token.',
  unavailable: 'The kernel service is not available.',
} as const;

/** One running kernel as the admin list shows it (spec/3 "Kernels"; issue 25 item 6). */
export const adminKernel = z.object({
  id: z.string(),
  user_id: z.number().int(),
  user: z.string(),
  started: z.string(),
  last_activity: z.string(),
  execution_state: z.string(),
  connections: z.number().int(),
  /** Resident memory of the kernel's processes in MB; null when it cannot be read. */
  memory_mb: z.number().nullable(),
});
export type AdminKernel = z.infer<typeof adminKernel>;

export const kernelsRoutes = defineDomain('kernels', (route) => ({
  getJupyToken: route({
    method: 'GET', path: '/get-jupy-token', access: 'user',
    summary: 'A short-lived signed token for the caller\u2019s kernels behind Lectio\u2019s kernel proxy; kernel_service says whether a kernel service is configured (the notebook uses in-browser Python when not)',
    response: z.object({
      jupytoken: z.string(),
      kernel_service: z.boolean(),
      /** The proxy's base path or URL ('' when no service is configured). */
      kernel_base: z.string(),
      expires_in: z.number().int(),
    }),
  }),
  writeKernelUse: route({
    method: 'POST', path: '/write-kernel-use', access: 'user',
    summary: 'Records activity on one of the caller\u2019s kernels (the client sends it at most every 300 s)',
    body: z.object({ kernel_id: kernelId }),
    response: okResponse,
  }),
  getKernels: route({
    method: 'GET', path: '/get-kernels', access: 'admin',
    summary: 'Admin: running kernels (user, started, last activity, state, memory)',
    response: z.object({ list: z.array(adminKernel), kernel_service: z.boolean() }),
  }),
  deleteKernel: route({
    method: 'POST', path: '/delete-kernel', access: 'admin',
    summary: 'Admin: shuts a running kernel down',
    body: z.object({ kernel_id: kernelId }),
    response: okResponse,
  }),
}));
