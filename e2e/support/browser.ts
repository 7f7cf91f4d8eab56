/** Debian's Chromium driven by playwright-core, with screenshots under test-output and an axe check per page. */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { LIMITS } from '@gatehouse/common/policy';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SCREENSHOTS = path.join(ROOT, 'test-output', 'e2e');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function launchBrowser(executablePath: string): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Whether the page fits its viewport's width: 'fits', or how many px too wide it is with the innermost
 * elements that stick out (what to mend).
 */
export function sidewaysOverflow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const width = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - innerWidth;
    const out = (el: Element) => el.getBoundingClientRect().right > innerWidth + 0.5;
    const culprits = Array.from(document.querySelectorAll('body *'))
      .filter((el) => out(el) && !Array.from(el.children).some(out))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`);
    return width > 0 ? `${width} px: ${culprits.join(', ')}` : 'fits';
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Two frames first: what a resize sets off (a ResizeObserver making a scrolling box focusable, and
  // React's render of it) lands before axe reads the page.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // Evaluated through the DevTools protocol, so the page's strict CSP (no inline scripts) stays on.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // This function runs in the page, where axe and document are globals.
    const page = globalThis as unknown as {
      document: unknown;
      axe: { run: (ctx: unknown, opts: object) => Promise<{ violations: AxeViolation[] }> };
    };
    const result = await page.axe.run(page.document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails the test when axe finds a serious or critical violation in the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/**
 * Holds back the page's requests to `pattern` until `release` is called, to put the page in the state
 * a slow network leaves it in. `release` resolves once the held answer has arrived and the page has had
 * a moment to act on it.
 */
export async function holdBack(page: Page, pattern: string): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  await page.route(pattern, async (route) => {
    await opened;
    await route.continue();
  });
  return {
    async release() {
      const arrived = page.waitForResponse(pattern);
      open();
      await arrived;
      await page.waitForTimeout(100);
    },
  };
}

/**
 * A page whose clock the journey can move on (Playwright's fake clock; time still passes as usual),
 * so waiting out the spec's double-submit guard takes no wall-clock time.
 */
export async function newPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.clock.install();
  return page;
}

/** Moves a page from newPage past the double-submit guard: a second submit within a second is ignored. */
export async function passDoubleSubmitGuard(page: Page): Promise<void> {
  await page.clock.fastForward(LIMITS.doubleSubmitMs);
}

/**
 * Opens a page of the SPA and waits until React has taken it over (main.tsx marks the document), so
 * that what the journey types reaches the app and not the served sign-in page's plain form, which a
 * passwordless or base organisation's page keeps a moment longer while its lazy part loads.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
}

/** Fills in and sends the sign-in form at `origin`; the caller waits for where it should lead. */
export async function submitSignIn(page: Page, origin: string, email: string, password: string): Promise<void> {
  await openApp(page, origin + '/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
