import type { AccountExport } from '@fittrack/functions/contract/account';
import { api } from '@/lib/api-client';

/** GET /api/account/export: everything the app keeps about the signed-in account (decision 0021). */
export const getAccountExport = () => api.get<AccountExport>('/api/account/export');

/** The file name the server's Content-Disposition gives an export of that moment. */
export const exportFileName = (data: Pick<AccountExport, 'exportedAt'>) => `fittrack-data-${data.exportedAt.slice(0, 10)}.json`;
