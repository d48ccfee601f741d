/**
 * The kernel gateway: the proxy with its options from the environment. The local cloud mounts it under
 * `/kernels` on its own server; in AWS the kernel gateway's container (infra: ECS Fargate behind an ALB
 * that only the web app's CloudFront distribution reaches, under the app's own origin at `/kernels/*`)
 * runs `main()` — the same proxy and jupyter-server on port 8888, `KERNEL_SANDBOX=uids` (Fargate has no
 * user namespaces: a uid of its own per kernel, sandbox.ts) inside a task without a route out.
 */
import { createServer } from 'node:http';
import { createKernelProxy, type KernelProxy } from './proxy';
import { DEFAULT_KERNEL_LIMITS } from './sandbox';
import { env } from '../platform/config';

export function kernelProxyFromEnv(): KernelProxy {
  return createKernelProxy({
    sandboxSetting: env('KERNEL_SANDBOX'),
    workRoot: env('KERNEL_WORK_ROOT'),
    uidHelper: env('KERNEL_UID_HELPER'),
    guardHelper: env('KERNEL_GUARD_HELPER'),
    cgroups: env('KERNEL_CGROUPS') !== '0',
    cullIdleSeconds: env('KERNEL_CULL_IDLE_SECONDS'),
    cullIntervalSeconds: env('KERNEL_CULL_INTERVAL_SECONDS'),
    perUser: env('KERNELS_PER_USER'),
    limits: { ...DEFAULT_KERNEL_LIMITS, memoryMb: env('KERNEL_MEMORY_MB'), cpuPercent: env('KERNEL_CPU_PERCENT') },
  });
}

/** The gateway container's entry (AWS): the proxy on PORT (8888), health at /health. */
export function main(): void {
  const proxy = kernelProxyFromEnv();
  const server = createServer((req, res) => {
    if (req.url === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
      return;
    }
    if (!req.url?.startsWith('/kernels/')) {
      res.writeHead(404).end();
      return;
    }
    void proxy.http(req, res);
  });
  server.on('upgrade', (req, socket, head) => proxy.upgrade(req, socket, head));
  server.listen(Number(process.env.PORT ?? 8888), '0.0.0.0');
  const stop = () => void proxy.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
