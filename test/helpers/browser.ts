import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@jest/globals';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * The tests always take their screenshots (a page that cannot render fails there), but only
 * `UPDATE_SCREENSHOTS=1` writes them over docs/screenshots: a test run leaves the checkout as it was.
 */
export const SCREENSHOT_DIR =
  process.env.UPDATE_SCREENSHOTS === '1'
    ? fileURLToPath(new URL('../../docs/screenshots', import.meta.url))
    : join(tmpdir(), 'tocsin-screenshots');

/**
 * Debian's Chromium (Playwright's own browser download is not reachable from CI): CHROMIUM_PATH,
 * else /usr/bin/chromium, installed with apt-get when missing and this runs as root.
 */
export function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    const apt = (args: string[]) =>
      execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 15 * 60_000 });
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', 'chromium']);
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error(
    `Chromium not found at ${DEBIAN_CHROMIUM}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH`,
  );
}

export function launchChromium(): Promise<Browser> {
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** Serious and critical axe-core violations (WCAG 2.x A and AA rules) of the page as it is now. */
export async function seriousViolations(page: Page): Promise<Array<{ id: string; impact: string; nodes: string[] }>> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact as string,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

/** Light and dark, as the theme selector sets them (data-theme on <html>). */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  // Signed in, the theme selector, as a person would (on a phone it is in the closed menu).
  const selector = page.getByLabel('Theme');
  if (await selector.isVisible()) return void (await selector.selectOption(theme));
  // A string: this file is type-checked without the DOM library.
  await page.evaluate(`localStorage.setItem('tocsin.theme', '${theme}'); document.documentElement.dataset.theme = '${theme}';`);
}

/** A new browser context on `baseUrl`, signed in through the sign-in page as a person does. */
export async function signInThroughPage(
  browser: Browser,
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Incidents', level: 1 }).waitFor();
  return { context, page };
}

/** No serious axe violation in the dark theme, then the light one (which stays on), a screenshot of each. */
export async function expectAccessibleInBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    expect({ page: name, theme, violations: await seriousViolations(page) }).toEqual({ page: name, theme, violations: [] });
    await screenshot(page, `${name}-${theme}`);
  }
}
