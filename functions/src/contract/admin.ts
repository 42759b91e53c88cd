import * as z from 'zod';

export const activityLogEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  details: z.string(),
  userId: z.string().nullable(),
  ipAddress: z.string(),
  timestamp: z.string(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntrySchema>;

/** GET /api/admin/logs: counters (maintained atomically), the newest 50 events, logins and failed sign-ins in 24 h. */
export const adminLogsResponse = z.object({
  total: z.number().int().nonnegative(),
  feedbackTotal: z.number().int().nonnegative(),
  recentLogins: z.number().int().nonnegative(),
  /** failed and refused sign-ins in the same 24 hours (decision 0017) */
  recentFailedSignIns: z.number().int().nonnegative(),
  events: z.array(activityLogEntrySchema),
});
export type AdminLogsResponse = z.infer<typeof adminLogsResponse>;

/** POST /api/admin/system-tests/{login|signup|feedback}. */
export const systemTestResponse = z.object({ passed: z.boolean(), details: z.string() });
export type SystemTestResponse = z.infer<typeof systemTestResponse>;
