import * as z from 'zod/mini';
import './zod-locale';

export const activityLogEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  details: z.string(),
  userId: z.nullable(z.string()),
  ipAddress: z.string(),
  timestamp: z.string(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntrySchema>;

/** GET /api/admin/logs: counters (maintained atomically), the newest 50 events, logins and failed sign-ins in 24 h. */
export const adminLogsResponse = z.object({
  total: z.number().check(z.int(), z.nonnegative()),
  feedbackTotal: z.number().check(z.int(), z.nonnegative()),
  recentLogins: z.number().check(z.int(), z.nonnegative()),
  /** failed and refused sign-ins in the same 24 hours (decision 0017) */
  recentFailedSignIns: z.number().check(z.int(), z.nonnegative()),
  events: z.array(activityLogEntrySchema),
});
export type AdminLogsResponse = z.infer<typeof adminLogsResponse>;

/** POST /api/admin/system-tests/{login|signup|feedback}. */
export const systemTestResponse = z.object({ passed: z.boolean(), details: z.string() });
export type SystemTestResponse = z.infer<typeof systemTestResponse>;
