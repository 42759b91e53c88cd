import type { SystemTestResponse } from '@fittrack/functions/contract/admin';
import type { SystemTest } from '@fittrack/functions/contract/admin-rules';
import { api } from '@/lib/api-client';

/** POST /api/admin/system-tests/{test}: runs on the server with a throwaway account; `{passed, details}`. */
export function postAdminSystemTest(test: SystemTest): Promise<SystemTestResponse> {
  return api.post<SystemTestResponse>(`/api/admin/system-tests/${test}`);
}
