import { describe, expect, it } from 'vitest';
import { median, pairedDifference } from './median';

describe('median', () => {
  it('is the middle figure, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('pairedDifference', () => {
  it('takes the median of the differences of each pair, not the difference of the medians', () => {
    // a loaded round slows both alike: the separate medians differ by 60, every pair by 10
    const a = [100, 400, 110, 390, 105, 420, 100];
    const b = a.map((x) => x + 10);
    const r = pairedDifference(a, b);
    expect(r.median).toBe(10);
    expect([r.low, r.high]).toEqual([10, 10]);
    expect(r.pairs).toBe(7);
  });

  it("gives the sign test's interval: the extremes for 7 pairs (98.4 %), the 2nd and 9th of 10 (97.9 %), the 6th and 15th of 20 (95.9 %)", () => {
    const seq = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    const zeros = (n: number) => Array(n).fill(0);
    const seven = pairedDifference(zeros(7), seq(7));
    expect([seven.low, seven.high, seven.median]).toEqual([1, 7, 4]);
    expect(seven.confidence).toBeCloseTo(1 - 2 / 128, 6);
    const ten = pairedDifference(zeros(10), seq(10));
    expect([ten.low, ten.high]).toEqual([2, 9]);
    expect(ten.confidence).toBeCloseTo(1 - (2 * 11) / 1024, 6);
    const twenty = pairedDifference(zeros(20), seq(20));
    expect([twenty.low, twenty.high]).toEqual([6, 15]);
    expect(twenty.confidence).toBeGreaterThanOrEqual(0.9);
    expect(twenty.confidence).toBeCloseTo(0.9586, 3);
  });

  it('pairs only as many rounds as both sides have', () => {
    expect(pairedDifference([1, 2, 3], [2, 3]).pairs).toBe(2);
    expect(pairedDifference([], []).pairs).toBe(0);
  });

  it('leaves out a round that one side lost, and keeps the later rounds in their pairs', () => {
    // round 2 of b failed (a hole, as the bench leaves it); round 4 of a failed
    const b: (number | undefined)[] = [];
    [11, 12, undefined, 14, 15, 16].forEach((x, i) => {
      if (x !== undefined) b[i] = x;
    });
    const r = pairedDifference([1, 2, 3, undefined, 5, 6], b);
    expect(r.pairs).toBe(4);
    expect([r.low, r.median, r.high]).toEqual([10, 10, 10]);
  });
});
