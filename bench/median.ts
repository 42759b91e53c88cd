/** The median of a list of figures (the bench and the A/B tools report medians). */
export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * The median of the paired differences `b[i] − a[i]` (the two measured in the same round) with a
 * distribution-free confidence interval for it: the order statistics that the sign test gives, at
 * the highest level it reaches at or over 90 % (`confidence`, exact). Pairs cancel what a round
 * shares (the machine's load at that moment), which two separate medians do not. With fewer than
 * 5 pairs no interval reaches 90 %: low and high are then the extremes, with the level they have.
 */
export function pairedDifference(
  a: readonly (number | undefined)[],
  b: readonly (number | undefined)[],
): { median: number; low: number; high: number; confidence: number; pairs: number } {
  // a[i] and b[i] are round i's; a round missing on either side (a failed run) is left out whole
  const d: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i], b[i]];
    if (x !== undefined && y !== undefined) d.push(y - x);
  }
  d.sort((x, y) => x - y);
  const n = d.length;
  if (n === 0) return { median: NaN, low: NaN, high: NaN, confidence: 0, pairs: 0 };
  // P(X ≤ j) for X ~ Binomial(n, ½): the interval [d(k), d(n−k+1)] misses the median with 2·P(X ≤ k−1)
  const below = (j: number) => {
    let sum = 0;
    let c = 1;
    for (let i = 0; i <= j; i++) {
      sum += c;
      c = (c * (n - i)) / (i + 1);
    }
    return sum / 2 ** n;
  };
  let k = 1;
  while (k + 1 <= Math.ceil(n / 2) && 1 - 2 * below(k) >= 0.9) k++;
  return { median: median(d), low: d[k - 1]!, high: d[n - k]!, confidence: 1 - 2 * below(k - 1), pairs: n };
}
