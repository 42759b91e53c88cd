import type { AdminLogsResponse } from '@fittrack/functions/contract/admin';
import useSWR from 'swr';
import { type ApiError, api } from '@/lib/api-client';
import { ADMIN_REFRESH } from './admin-refresh';

export const adminLogsKey = '/api/admin/logs';

/** GET /api/admin/logs: totals, recent logins and the newest 50 events; on open and every 30 s. */
export function useAdminLogs() {
  return useSWR<AdminLogsResponse, ApiError>(adminLogsKey, (key: string) => api.get<AdminLogsResponse>(key), ADMIN_REFRESH);
}
