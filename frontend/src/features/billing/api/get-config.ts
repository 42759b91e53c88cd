import type { ConfigResponse } from '@fittrack/functions/contract/auth';
import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** SWR key of the public runtime configuration (payment mode, publishable keys, product name). */
const configKey = '/api/config';

/** GET /api/config */
function getConfig(): Promise<ConfigResponse> {
  return api.get<ConfigResponse>(configKey);
}

export function useConfig() {
  return useSWR(configKey, getConfig);
}
