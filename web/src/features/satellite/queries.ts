import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReceiverCreateRequest, ReceiverStatus, SatelliteReceiver } from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export const satelliteQueries = {
  list: () =>
    queryOptions({
      queryKey: ['/api/satellite-receivers'],
      queryFn: () => apiRequest<SatelliteReceiver[]>('GET', '/api/satellite-receivers'),
    }),
};

export function useAddReceiver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReceiverCreateRequest) => apiRequest<SatelliteReceiver>('POST', '/api/satellite-receivers', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: satelliteQueries.list().queryKey }),
  });
}

/** The spec's toggle (no status sent: the server applies the §4 rule), or an explicit status. */
export function useSetReceiverStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ receiver, status }: { receiver: SatelliteReceiver; status?: ReceiverStatus }) =>
      apiRequest<SatelliteReceiver>(
        'PATCH',
        `/api/satellite-receivers/${encodeURIComponent(receiver.deviceId)}/status?ownerId=${receiver.ownerId}`,
        status ? { status } : undefined,
      ),
    onSuccess: (updated) =>
      client.setQueryData(satelliteQueries.list().queryKey, (list) => list?.map((r) => (r.id === updated.id ? updated : r))),
  });
}
