/** Debian's Chromium through playwright-core, with every console error and page error collected. */
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export interface TrackedPage {
  page: Page;
  /** Every console message, in order. */
  messages: ConsoleMessage[];
  /** Console errors and uncaught exceptions. */
  errors: string[];
  /** Resolves once no request the page made is still waiting for its answer. */
  quiet(): Promise<void>;
  /** Lets the scripts that `open({ hold })` held reach the page. */
  release(): void;
}

/**
 * Resolves once every island of the page (site/components/island.tsx) has loaded and hydrated. Each is asked to load
 * as a visitor's first interaction with it would (a focusin inside it), so a test can then use them all; a test of
 * when they load opens its page with `islands: false`.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-island]')) el.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  });
  // Minutes, not the default 30 s: on a machine shared by several builds, loading React DOM took longer than that.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island]')].every((el) => el.hasAttribute('data-hydrated')), null, {
    timeout: 180_000,
  });
}

/** Resolves once the page's island `name` has hydrated (waiting for it to load by itself, or as a test made it). */
export async function islandReady(page: Page, name: string): Promise<void> {
  await page.locator(`[data-island="${name}"][data-hydrated]`).first().waitFor({ state: 'attached', timeout: 180_000 });
}

/** The suite's Chromium (started once by the e2e setup, tests/helpers/global-site.ts), connected to from this file. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWs'));
}

/**
 * Registers a browser for the file's tests. Each `open()` gives a fresh context; after each test, any console
 * error or page error fails it.
 */
export function useBrowser() {
  let browser: Browser;
  const opened: TrackedPage[] = [];
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  // Closing a connected browser closes this file's contexts and leaves the suite's browser running.
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    const errors = opened.flatMap((p) => p.errors);
    for (const p of opened.splice(0)) await p.page.context().close();
    expect(errors, 'console errors in the browser').toEqual([]);
  });
  return {
    baseUrl: () => inject('baseUrl'),
    /** Opens a page (a path, or a full URL such as a proxy's); `javaScript: false` shows what the prerendered HTML alone gives. */
    async open(
      path: string,
      opts: {
        javaScript?: boolean;
        width?: number;
        ignore404?: boolean;
        init?: () => void;
        clock?: string;
        date?: string;
        userAgent?: string;
        hold?: RegExp;
        /** false: leave the islands to load as a visitor would make them (by default they are all loaded on open). */
        islands?: boolean;
      } = {},
    ): Promise<TrackedPage> {
      // `userAgent`: a person's browser, where headless Chromium's own agent would be taken for a bot.
      const context = await browser.newContext({
        javaScriptEnabled: opts.javaScript ?? true,
        viewport: { width: opts.width ?? 1280, height: 900 },
        ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
      });
      // `clock`: the page's Date says this instant (timers still run), e.g. to see a page on a later day than its build.
      if (opts.clock) await context.clock.setFixedTime(new Date(opts.clock));
      // `date`: only `new Date()` and Date.now() say this instant. Playwright's clock also takes over animation
      // frames, which a test of the first painted frame must leave alone.
      if (opts.date) await context.addInitScript(pretendNow, opts.date);
      // `init` runs in every document before the page's own scripts, e.g. to watch the first frame.
      if (opts.init) await context.addInitScript(opts.init);
      const page = await context.newPage();
      let pending = 0;
      const settle: (() => void)[] = [];
      const done = () => {
        pending = Math.max(0, pending - 1);
        if (pending === 0) for (const resolve of settle.splice(0)) resolve();
      };
      page.on('request', () => pending++);
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      const quiet = () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => settle.push(resolve)));
      // `hold`: the page's requests whose URL matches wait for `release()`, as on a slow connection, and `open` returns
      // once the HTML has arrived, so a test can act before those scripts run.
      let release = () => {};
      if (opts.hold) {
        const gate = new Promise<void>((resolve) => (release = resolve));
        await page.route(opts.hold, async (route) => {
          await gate;
          await route.continue();
        });
      }
      const tracked: TrackedPage = { page, messages: [], errors: [], quiet, release };
      page.on('console', (m) => {
        tracked.messages.push(m);
        if (m.type() === 'error' && !(opts.ignore404 && /status of 404/.test(m.text()))) tracked.errors.push(m.text());
      });
      page.on('pageerror', (e) => tracked.errors.push(`pageerror: ${e.message}`));
      opened.push(tracked);
      await page.goto(new URL(path, inject('baseUrl')).href, opts.hold ? { waitUntil: 'commit' } : {});
      if ((opts.javaScript ?? true) && !opts.hold && opts.islands !== false) await hydrated(page);
      return tracked;
    },
  };
}

/** Runs in the page: `new Date()` and Date.now() give `instant`; every other Date, timer and frame is the real one. */
function pretendNow(instant: string): void {
  const Real = Date;
  const now = new Real(instant).getTime();
  class Pretend extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now);
      else super(...(args as [string]));
    }
    static override now(): number {
      return now;
    }
  }
  globalThis.Date = Pretend as DateConstructor;
}
