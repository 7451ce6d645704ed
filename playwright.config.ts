import { defineConfig } from '@playwright/test';
import { ARGUMENTOS_CHROMIUM, buscarChromium } from './e2e/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // The screens share one portal and its demo data: one browser at a time keeps runs repeatable.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // A whole screen walked with axe on every modal took 34 s on the two-core machine under load;
  // every step still waits for its condition, this is only the ceiling of one test.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  outputDir: 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: buscarChromium(), args: ARGUMENTOS_CHROMIUM },
  },
});
