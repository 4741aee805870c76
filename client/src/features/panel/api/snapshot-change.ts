import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SnapshotStateDto } from '../../../../../shared/schemas/vps-panel';
import { vpsToolsKeys } from './vps-tools-keys';

/** A change to the snapshot: its new state put in the cache at once (its task then followed), the history read again. */
export function useSnapshotChange<T>(send: (input: T) => Promise<{ snapshot: SnapshotStateDto }>, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => queryClient.setQueryData(vpsToolsKeys.snapshot(id), answer),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vpsToolsKeys.snapshot(id) });
      void queryClient.invalidateQueries({ queryKey: vpsToolsKeys.events(id) });
    },
  });
}
