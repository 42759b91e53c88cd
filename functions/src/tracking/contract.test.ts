import { describe, expect, it } from 'vitest';
import { entryIdParam, patchProgressRequest } from '../contract/tracking';

describe('the diary contract', () => {
  it('takes an entry id as the lists answer it (a ULID), in any letter case, and answers it upper-cased', () => {
    expect(entryIdParam.parse('01JZ8Q6W3K5M7N9P0R2S4T6V8X')).toBe('01JZ8Q6W3K5M7N9P0R2S4T6V8X');
    expect(entryIdParam.parse('01jz8q6w3k5m7n9p0r2s4t6v8x')).toBe('01JZ8Q6W3K5M7N9P0R2S4T6V8X');
  });

  it.each([
    '',
    'today',
    '01JZ8Q6W3K5M7N9P0R2S4T6V8', // 25 characters
    '01JZ8Q6W3K5M7N9P0R2S4T6V8XY', // 27
    '81JZ8Q6W3K5M7N9P0R2S4T6V8X', // beyond the largest time a ULID holds
    '01JZ8Q6W3K5M7N9P0R2S4T6V8U', // U, I, L and O are not Crockford base-32 digits
    '01JZ8Q6W3K5M7N9P0R2S4T6V8I',
    '01JZ8Q6W3K5M7N9P0R2S4T6V8-',
    '01JZ8Q6W3K5M7N9P0R2S4T6V8X\n',
    '../01JZ8Q6W3K5M7N9P0R2S4T6V',
  ])('refuses %j with a message that names the id', (id) => {
    const r = entryIdParam.safeParse(id);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/^id must be an entry id/);
  });

  it('PATCH takes addSteps as one more of its exactly-one fields, keeping the absolute ones', () => {
    expect(patchProgressRequest.parse({ addSteps: 1500 })).toEqual({ addSteps: 1500 });
    expect(patchProgressRequest.parse({ steps: 1500 })).toEqual({ steps: 1500 });
    expect(patchProgressRequest.safeParse({ steps: 10, addSteps: 10 }).success).toBe(false);
    expect(patchProgressRequest.safeParse({ addSteps: 0 }).success).toBe(false);
    expect(patchProgressRequest.safeParse({}).error?.issues[0]?.message).toBe('Send exactly one of steps, caloriesConsumed, caloriesBurned, addSteps');
  });
});
