/**
 * Locale-aware formatting with one Intl formatter per format, made on first use. Every
 * `toLocaleString()` builds a new formatter (0.1–0.6 ms each on a desktop, four times that on a
 * phone) and the dashboard formats dozens of numbers per render (DESIGN.md section 10, TBT).
 * Never at import: a page's first formatter costs 15–45 ms on a phone while the browser loads its
 * locale data, and a module's top level runs when its chunk loads (app/start-up.test.ts).
 */
export function once<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

/**
 * American English without Intl. A page's first Intl formatter loads the browser's locale data:
 * 20–40 ms on a desktop here, 80–130 ms at a phone's CPU, in one task after the dashboard's first
 * paint (DESIGN.md section 10, TBT; bench/results/first-paint.md, 2026-12-05 evening). Where the
 * browser speaks American English (navigator.language `en-US` or `en`: the locale Intl takes by
 * default there), whole numbers, calendar days and times of day are written from CLDR's en-US
 * patterns below, which format.test.ts and e2e/first-paint.e2e.test.ts compare with Intl's own
 * output; every other locale, and any other number, goes through Intl as before.
 */
const americanEnglish = typeof navigator !== 'undefined' && (navigator.language === 'en-US' || navigator.language === 'en');
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A whole number that en-US writes with plain digit grouping (no exponent, no negative zero). */
const plainWhole = (n: number) => Number.isSafeInteger(n) && !Object.is(n, -0);
const groupDigits = (n: number) => `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

const numberFormat = once(() => new Intl.NumberFormat());

/** `n` with the browser's digit grouping, like `n.toLocaleString()`. */
export const formatNumber = (n: number): string => (americanEnglish && plainWhole(n) ? groupDigits(n) : numberFormat().format(n));

const utcWeekdayShort = once(() => new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' }));
const utcLongDate = once(() => new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' }));

/** Midday UTC of a calendar day `yyyy-mm-dd`, so that no time zone moves it to another day. */
const middayUtc = (day: string) => new Date(`${day}T12:00:00Z`);

/** The short weekday of a calendar day `yyyy-mm-dd` ("Mon"). */
export const formatWeekday = (day: string): string =>
  americanEnglish ? weekdays[middayUtc(day).getUTCDay()]!.slice(0, 3) : utcWeekdayShort().format(middayUtc(day));

/** A calendar day `yyyy-mm-dd` as "Monday, Nov 16". */
export const formatLongDay = (day: string): string => {
  const date = middayUtc(day);
  return americanEnglish ? `${weekdays[date.getUTCDay()]}, ${months[date.getUTCMonth()]} ${date.getUTCDate()}` : utcLongDate().format(date);
};

const timeOfDay = once(() => new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }));

/** The time of day of an ISO 8601 instant in the browser's zone ("9:05 AM"); '' when it is not a date. */
export const formatTimeOfDay = (iso: string): string => {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  if (!americanEnglish) return timeOfDay().format(t);
  const time = new Date(t);
  const hours = time.getHours();
  // CLDR's en-US "h:mm a", with the plain space that V8 writes before the day period (it undid
  // ICU 72's narrow no-break space there, for the pages that parsed its output)
  return `${hours % 12 || 12}:${String(time.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
};

/** Longer than a formatter takes once the page has its locale data (0.1–4 ms on a desktop). */
const SLOW_FORMATTER_MS = 5;

/**
 * Makes `formatters` now; true when that was slow (the page's first formatter of a kind loads the
 * browser's locale data: 17–37 ms unthrottled here, 60–130 ms at 4x CPU). A fetcher whose answer
 * SWR renders at once (in the task that hands it over) then waits for a later task before handing
 * it over: the render that formats the answer is a task of its own rather than one long task with
 * the locale data's load in it (DESIGN.md section 10, TBT).
 */
function madeSlowly(...formatters: (() => unknown)[]): boolean {
  if (americanEnglish) return false; // nothing to make: the formats above do without Intl
  const start = performance.now();
  for (const make of formatters) make();
  return performance.now() - start > SLOW_FORMATTER_MS;
}

/** Makes the formatter of `formatNumber` (see `madeSlowly`). */
export const makeNumberFormatter = (): boolean => madeSlowly(numberFormat);

/** Makes the formatters of `formatNumber`, `formatWeekday` and `formatLongDay` (see `madeSlowly`). */
export const makeDayFormatters = (): boolean => madeSlowly(numberFormat, utcWeekdayShort, utcLongDate);
