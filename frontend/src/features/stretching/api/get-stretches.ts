import type { Stretch } from '@fittrack/functions/contract/catalog';
import useSWR from 'swr';
import { type ApiError, api } from '@/lib/api-client';

/** SWR key of the stretch list (GET /api/stretches). */
const stretchesKey = '/api/stretches';

const getStretches = (): Promise<Stretch[]> => api.get<Stretch[]>(stretchesKey);

export function useStretches() {
  return useSWR<Stretch[], ApiError>(stretchesKey, getStretches);
}
