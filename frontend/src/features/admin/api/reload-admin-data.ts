import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import { adminLogsKey } from './get-admin-logs';
import { feedbackPageKey } from './get-feedback';

/** Reloads the feedback list (every loaded page) and the logs now, e.g. after a status change or a system test. */
export function useReloadAdminData() {
  const { mutate } = useSWRConfig();
  return useCallback(() => Promise.all([mutate(unstable_serialize(feedbackPageKey)), mutate(adminLogsKey)]), [mutate]);
}
