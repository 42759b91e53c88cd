import type { SystemTest, SystemTestResponse } from '@fittrack/functions/contract/admin';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/admin/system-tests/{test}: runs on the server with a throwaway account; `{passed, details}`. */
export function postAdminSystemTest(test: SystemTest): Promise<SystemTestResponse> {
  return apiFetch<SystemTestResponse>(`/api/admin/system-tests/${test}`, { method: 'POST' });
}
