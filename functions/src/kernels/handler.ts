/** Kernels Lambda: the proxy token, kernel activity, and the admin's kernel list and delete. */
import { kernelsRoutes } from '@lectio/shared/api/kernels';
import { domainHandler } from '../platform/http/router';
import { adminKernels, deleteAnyKernel, jupyToken, writeKernelUse } from './admin';

export const handler = domainHandler('kernels', [kernelsRoutes], {
  getJupyToken: ({ user }) => jupyToken(user.userId),
  writeKernelUse: ({ user, body }) => writeKernelUse(user.userId, body.kernel_id),
  getKernels: ({ user }) => adminKernels(user.userId),
  deleteKernel: ({ user, body }) => deleteAnyKernel(user.userId, body.kernel_id),
});
