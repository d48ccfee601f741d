/**
 * Lectio's record of each kernel's owner: written when the proxy creates a kernel, read on every proxy
 * path (a user reaches only their own kernels), removed when the kernel is deleted; a TTL clears the
 * records of kernels jupyter culled.
 */
import * as z from 'zod';
import { defineEntity, str, optNum } from '../platform/db/entity';
import { nowSeconds } from '../platform/db/keys';
import { kernelKeys } from './keys';

/** Records outlive a culled kernel by at most this long. */
const RECORD_TTL_S = 2 * 24 * 3600;

export const kernelOwners = defineEntity('kernel-owner', {
  kernel_id: z.string(),
  user_id: z.number(),
  /** ISO instants. */
  started: str(),
  last_use: str(),
  ttl: optNum(),
});

export const recordKernel = (kernelId: string, userId: number, started = new Date().toISOString()) =>
  kernelOwners.put({ ...kernelKeys.owner(kernelId), kernel_id: kernelId, user_id: userId, started, last_use: started, ttl: nowSeconds() + RECORD_TTL_S });

export const kernelOwner = (kernelId: string) => kernelOwners.get(kernelKeys.owner(kernelId), { consistent: true });

export const ownersOf = (kernelIds: string[]) => (kernelIds.length ? kernelOwners.batchGet(kernelIds.map(kernelKeys.owner)) : Promise.resolve([]));

export const forgetKernel = (kernelId: string) => kernelOwners.remove(kernelKeys.owner(kernelId));

/** The owner's activity (at most every 300 s from the client); false when the kernel is not theirs. */
export async function touchKernel(kernelId: string, userId: number): Promise<boolean> {
  const owner = await kernelOwner(kernelId);
  if (!owner || owner.user_id !== userId) return false;
  await kernelOwners.update(kernelKeys.owner(kernelId), { set: { last_use: new Date().toISOString(), ttl: nowSeconds() + RECORD_TTL_S } });
  return true;
}
