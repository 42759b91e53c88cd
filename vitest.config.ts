import { defineConfig } from 'vitest/config';

/**
 * Every test layer, run by `npm test` (after typecheck, lint and the frontend build):
 * - functions-unit: pure rules and handlers with aws-sdk-client-mock
 * - functions-int:  handlers against DynamoDB Local + cognito-local (started by local/test-global-setup.ts)
 * - frontend:       component tests in jsdom (frontend/vite.config.ts)
 * - infra:          CDK assertions + cdk-nag (infra/vitest.config.ts)
 * - e2e:            browser journeys in the system Chromium against the whole local stack
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'functions-unit',
          root: './functions',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../local/**/*.test.ts', '../site/**/*.test.ts', '../bench/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '../local/**/*.int.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'functions-int',
          root: '.',
          include: ['functions/**/*.int.test.ts', 'local/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['./local/test-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './frontend/vite.config.ts',
      './infra/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: '.',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
