import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { jointImpacts, mealCategories, mealSchema, stretchSchema, workoutCategories, workoutSchema } from '../contract/catalog';
import { meals, stretches, workouts } from './catalog-data';

const publicDir = fileURLToPath(new URL('../../../frontend/public', import.meta.url));

/** The nine chains of the Diet Plan's restaurant filter (frontend/src/features/diet/restaurants.ts). */
const chains = ["McDonald's", 'Subway', "Wendy's", 'Chick-fil-A', 'Taco Bell', 'Burger King', 'KFC', 'Starbucks', 'Chipotle'];

describe('catalogue data', () => {
  it('has at least 60 valid meals with unique ids, five or more in every category', () => {
    expect(meals.length).toBeGreaterThanOrEqual(60);
    expect(new Set(meals.map((m) => m.id)).size).toBe(meals.length);
    for (const m of meals) expect(mealSchema.parse(m)).toEqual(m);
    for (const category of mealCategories) expect(meals.filter((m) => m.category === category).length, category).toBeGreaterThanOrEqual(5);
  });

  it('keeps every meal low-calorie and plausibly priced', () => {
    for (const m of meals) {
      expect(m.calories, m.name).toBeGreaterThanOrEqual(50);
      expect(m.calories, m.name).toBeLessThanOrEqual(500);
      expect(m.cost, m.name).toMatch(/^\$\d+\.\d\d$/);
      expect(m.description.length, m.name).toBeGreaterThan(20);
    }
  });

  it('names a restaurant for exactly the Fast Food meals, covering the nine chains', () => {
    for (const m of meals) expect(Boolean(m.restaurant), m.name).toBe(m.category === 'Fast Food');
    for (const chain of chains) expect(meals.some((m) => m.restaurant?.includes(chain)), chain).toBe(true);
    for (const m of meals.filter((x) => x.restaurant)) expect(chains.some((c) => m.restaurant!.includes(c)), m.restaurant).toBe(true);
  });

  it('has at least 16 workouts across the four categories plus a few without one', () => {
    expect(workouts.length).toBeGreaterThanOrEqual(16);
    expect(new Set(workouts.map((w) => w.id)).size).toBe(workouts.length);
    for (const w of workouts) expect(workoutSchema.parse(w)).toEqual(w);
    for (const category of workoutCategories) expect(workouts.filter((w) => w.category === category).length, category).toBeGreaterThanOrEqual(3);
    expect(workouts.filter((w) => !w.category).length).toBeGreaterThanOrEqual(2);
    expect(new Set(workouts.map((w) => w.jointImpact))).toEqual(new Set(jointImpacts));
    for (const w of workouts) {
      expect(Number.isInteger(w.effectiveness) && w.effectiveness >= 1 && w.effectiveness <= 10).toBe(true);
      expect(w.duration).toBeGreaterThan(0);
    }
  });

  it('has at least 10 stretches with a name and description', () => {
    expect(stretches.length).toBeGreaterThanOrEqual(10);
    expect(new Set(stretches.map((s) => s.id)).size).toBe(stretches.length);
    for (const s of stretches) expect(stretchSchema.parse(s)).toEqual(s);
  });

  it('points every image at a small SVG shipped with the app (nothing hot-linked)', () => {
    for (const item of [...meals, ...workouts, ...stretches]) {
      expect(item.imageUrl).toMatch(/^\/images\/(meals|workouts|stretches)\/[a-z0-9-]+\.svg$/);
      const file = `${publicDir}${item.imageUrl}`;
      expect(existsSync(file), item.imageUrl).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.length).toBeLessThan(4096);
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 160 120"/);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
  });
});
