import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'infra',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
