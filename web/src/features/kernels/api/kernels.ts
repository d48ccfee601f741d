/** The admin's kernel list (issue 25 item 6; spec/3 "Kernels"): running kernels, refreshed every 10 s, and delete. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';

export type KernelRow = ApiResult<'getKernels'>['list'][number];

const kernelKeys = { list: ['kernels', 'admin-list'] as const };

export const useKernels = () => useQuery({ queryKey: kernelKeys.list, queryFn: () => api('getKernels'), refetchInterval: 10_000 });

export function useDeleteKernel() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (kernelId: string) => api('deleteKernel', { body: { kernel_id: kernelId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kernelKeys.list }),
    meta: { handlesErrors: true },
  });
}
