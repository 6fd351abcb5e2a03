import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Church,
  ChurchCreateRequest,
  ChurchPage,
  Gift,
  GiftCreateRequest,
  GivingSummary,
  PrayerCreateRequest,
  PrayerRequest,
  Sermon,
  SermonCreateRequest,
  Service,
  ServiceCreateRequest,
} from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export const churchQueries = {
  list: () => queryOptions({ queryKey: ['/api/churches'], queryFn: () => apiRequest<Church[]>('GET', '/api/churches') }),
  page: (id: number) => queryOptions({ queryKey: ['/api/churches', id], queryFn: () => apiRequest<ChurchPage>('GET', `/api/churches/${id}`) }),
  prayers: (id: number) =>
    queryOptions({ queryKey: ['/api/churches', id, 'prayer-requests'], queryFn: () => apiRequest<PrayerRequest[]>('GET', `/api/churches/${id}/prayer-requests`) }),
  sermons: (id: number, q: string) =>
    queryOptions({
      queryKey: ['/api/churches', id, 'sermons', q],
      queryFn: () => apiRequest<Sermon[]>('GET', `/api/churches/${id}/sermons${q ? `?q=${encodeURIComponent(q)}` : ''}`),
    }),
  giving: (id: number, year: number) =>
    queryOptions({ queryKey: ['/api/churches', id, 'gifts', year], queryFn: () => apiRequest<GivingSummary>('GET', `/api/churches/${id}/gifts?year=${year}`) }),
};

export function useCreateChurch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChurchCreateRequest) => apiRequest<Church>('POST', '/api/churches', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: churchQueries.list().queryKey }),
  });
}

/** Mutations on one church's page; each refreshes that church's queries. */
export function useChurchActions(id: number) {
  const client = useQueryClient();
  const setPage = (page: ChurchPage) => client.setQueryData(churchQueries.page(id).queryKey, page);
  const refresh = () => void client.invalidateQueries({ queryKey: ['/api/churches', id] });
  return {
    join: useMutation({ mutationFn: () => apiRequest<ChurchPage>('POST', `/api/churches/${id}/join`), onSuccess: setPage }),
    addTeam: useMutation({ mutationFn: (username: string) => apiRequest<ChurchPage>('POST', `/api/churches/${id}/team`, { username }), onSuccess: setPage }),
    addService: useMutation({ mutationFn: (input: ServiceCreateRequest) => apiRequest<Service>('POST', `/api/churches/${id}/services`, input), onSuccess: refresh }),
    goLive: useMutation({ mutationFn: (serviceId: number) => apiRequest<ChurchPage>('POST', `/api/church-services/${serviceId}/start`), onSuccess: setPage }),
    addSermon: useMutation({ mutationFn: (input: SermonCreateRequest) => apiRequest<Sermon>('POST', `/api/churches/${id}/sermons`, input), onSuccess: refresh }),
    pray: useMutation({
      mutationFn: (input: PrayerCreateRequest) => apiRequest<PrayerRequest>('POST', `/api/churches/${id}/prayer-requests`, input),
      onSuccess: refresh,
    }),
    prayed: useMutation({ mutationFn: (requestId: number) => apiRequest<PrayerRequest>('POST', `/api/prayer-requests/${requestId}/prayed`), onSuccess: refresh }),
    give: useMutation({ mutationFn: (input: GiftCreateRequest) => apiRequest<Gift>('POST', `/api/churches/${id}/gifts`, input), onSuccess: refresh }),
  };
}
