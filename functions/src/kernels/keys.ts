/** Key builders of the kernels domain: who owns a running kernel (pk=KERNEL#{id}, sk=OWNER). */
export const kernelKeys = {
  owner: (kernelId: string) => ({ pk: `KERNEL#${kernelId}`, sk: 'OWNER' }),
};
