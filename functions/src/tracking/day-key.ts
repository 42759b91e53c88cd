/**
 * "Today" is the user's own calendar day (DESIGN.md section 5): the day key is the date of the
 * instant in the request's IANA time zone. Day arithmetic is done on calendar dates (UTC noon
 * anchors), so DST changes (23- and 25-hour days) never skip or repeat a day.
 */

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** yyyy-mm-dd of `instant` in `timeZone` (an IANA name the runtime knows). */
export function dayKey(instant: Date, timeZone: string): string {
  const parts = formatter(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The calendar date `n` days after (negative: before) `date` (yyyy-mm-dd). */
export function addDays(date: string, n: number): string {
  if (!DATE_RE.test(date)) throw new Error(`Not a date: ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = Date.UTC(y, m - 1, d, 12) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The `count` calendar days ending with `today`, oldest first. */
export function lastDays(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i - (count - 1)));
}
