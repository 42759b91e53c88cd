/**
 * The browser's time zone and calendar day: every API request sends the zone (X-Time-Zone, "today"
 * is the user's day) and the dashboard compares the day with its figures'.
 *
 * Both are read through Temporal where the browser has it (Chromium 144+, Firefox 139+): it answers
 * from the system's zone in well under a millisecond. Intl, the fallback, makes a date formatter,
 * and a page's first Intl object costs 80–130 ms at a phone's CPU (Chromium 150, CPU throttled 4x)
 * while the browser loads its locale data; on the dashboard that load sat before the first request,
 * in a task of its own (TBT, DESIGN.md section 10).
 */

/** The part of Temporal read here (typed locally: the global exists only in some browsers). */
interface TemporalNow {
  Now: {
    timeZoneId(): string;
    plainDateISO(timeZone?: string): { toString(): string };
  };
}

const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;

/** The zone once read (undefined: the runtime cannot tell); null until then. */
let zone: string | undefined | null = null;

/** The browser's IANA time zone, or undefined when the runtime cannot tell. Read once per page load. */
export function browserTimeZone(): string | undefined {
  if (zone === null) {
    try {
      zone = (temporal ? temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone) || undefined;
    } catch {
      zone = undefined;
    }
  }
  return zone;
}

/** Whether the next read of the zone is the costly one: not read yet, and no Temporal (it builds an Intl formatter). */
export const zoneReadIsSlow = (): boolean => !temporal && zone === null;

let dayFormat: Intl.DateTimeFormat | undefined;

/** The browser's calendar day (yyyy-mm-dd) in the zone it sends as X-Time-Zone; undefined when it cannot tell. */
export function browserDay(): string | undefined {
  const timeZone = browserTimeZone();
  try {
    if (temporal) return temporal.Now.plainDateISO(timeZone).toString();
    dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    return dayFormat.format(new Date());
  } catch {
    return undefined;
  }
}
