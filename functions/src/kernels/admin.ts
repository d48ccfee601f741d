/**
 * What the kernels Lambda does: the caller's proxy token, their kernel activity, and the admin's list and
 * delete (spec/3 "Kernels", §7). The Lambda reaches the gateway's proxy at KERNEL_GATEWAY_URL with a
 * one-minute `kernel-admin` token of its own; unset means no kernel service is configured.
 */
import { kernelTexts, type AdminKernel } from '@lectio/shared';
import { env } from '../platform/config';
import { NotFound } from '../platform/http/errors';
import { userNamesByIds } from '../accounts';
import { touchKernel } from './store';
import { KERNEL_TOKEN_SECONDS, signKernelToken } from './tokens';
import type { JupyterKernel } from './proxy';

const gateway = () => env('KERNEL_GATEWAY_URL');

export async function jupyToken(userId: number) {
  const configured = Boolean(gateway());
  return {
    jupytoken: await signKernelToken(userId, 'kernel'),
    kernel_service: configured,
    kernel_base: configured ? env('KERNEL_PUBLIC_BASE') : '',
    expires_in: KERNEL_TOKEN_SECONDS,
  };
}

export async function writeKernelUse(userId: number, kernelId: string) {
  if (!(await touchKernel(kernelId, userId))) throw new NotFound(kernelTexts.notFound);
  return { message: 'OK' as const };
}

async function callGateway(adminId: number, method: 'GET' | 'DELETE', path: string): Promise<Response> {
  const base = gateway();
  if (!base) throw new NotFound(kernelTexts.notConfigured);
  return fetch(`${base}/_admin${path}`, { method, headers: { authorization: `token ${await signKernelToken(adminId, 'kernel-admin')}` } });
}

export async function adminKernels(adminId: number): Promise<{ list: AdminKernel[]; kernel_service: boolean }> {
  if (!gateway()) return { list: [], kernel_service: false };
  const r = await callGateway(adminId, 'GET', '/kernels');
  if (!r.ok) throw new Error(`kernel gateway: HTTP ${r.status}`);
  const { kernels } = (await r.json()) as { kernels: Array<JupyterKernel & { user_id: number; started: string; memory_mb: number | null }> };
  const names = await userNamesByIds(kernels.map((k) => k.user_id).filter((id) => id > 0));
  const list = kernels
    .map((k) => {
      const n = names.get(k.user_id);
      return {
        id: k.id,
        user_id: k.user_id,
        user: n ? `${n.name} ${n.surname}`.trim() || n.nickname : '',
        started: k.started,
        last_activity: k.last_activity,
        execution_state: k.execution_state,
        connections: k.connections,
        memory_mb: k.memory_mb,
      };
    })
    .sort((a, b) => b.started.localeCompare(a.started));
  return { list, kernel_service: true };
}

export async function deleteAnyKernel(adminId: number, kernelId: string) {
  const r = await callGateway(adminId, 'DELETE', `/kernels/${kernelId}`);
  if (r.status === 404) throw new NotFound(kernelTexts.notFound);
  if (!r.ok) throw new Error(`kernel gateway: HTTP ${r.status}`);
  return { message: 'OK' as const };
}
