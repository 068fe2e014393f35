import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO_ADMINS, DEMO_USERS } from '../../../server/src/seed/demo-accounts.ts';
import { DEMO_PEOPLE } from '../../../server/src/seed/demo-people.ts';
import { DEMO_REQUESTS } from '../../../server/src/seed/demo-requests.ts';
import { simulatedSource } from '../../../server/src/modules/market/price-sources.ts';
import { AUDIT_ACTIONS } from '@aurum/domain/audit/classifications';
import { ISO_COUNTRIES } from '@aurum/domain/compliance/countries';
import { NAMESPACES } from '../../src/shared/i18n/languages.ts';
import { signIn, until, visible, type BrowserSuite } from './harness.ts';
import { PUBLIC_SCREENS, screenIds, settled, signedInScreens, uncoveredRoutes, type Screen } from './screens.ts';

/**
 * The sweep of every screen (decision 0720; screens-sweep-*.e2e.test.ts): in each language, at 1280 and
 * 390 px, what a screen's main content says (no raw i18n key; in zh-Hant no English word) and
 * whether the page fits 390 px; a full-page screenshot of each to .tmp/artifacts/screens/.
 */

export type SweepLanguage = 'en' | 'zh-Hant';

/** Where the screenshots go: <language>-<width>-<screen>.png, and problems-<language>.json. */
export const SCREENSHOTS = new URL('../../../../.tmp/artifacts/screens/', import.meta.url);
/** The sweep's server: live prices (a seeded simulated feed) and market status, so every screen shows what a user sees; no order engine. */
export const SWEEP_SERVER = {
  jobs: ['priceFeed', 'marketStatus'],
  app: { priceSource: simulatedSource({ xau: '2650', xpt: '950', xag: '31', usdMyr: '4.45', volatility: 0.00002, seed: 15 }) },
};

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 844 };

/**
 * Latin words a zh-Hant screen may show: codes of metals, currencies and markets, units, file
 * types, the names of standards and products, the brand, and keys named on a keyboard.
 */
const ALLOWED_WORDS = new Set([
  // metals, currencies, the business time zone
  'XAU', 'XAG', 'XPT', 'MYR', 'USD', 'MYT',
  // units, file types, formats
  'g', 'kg', 'oz', 'KB', 'MB', 'CSV', 'XML', 'PNG', 'JPG', 'JPEG', 'PDF', 'ZIP', 'dd', 'MM', 'yyyy', 'HH', 'mm',
  // standards, protocols and product names kept in every language
  'Aurum', 'Au', 'ID', 'IP', 'QR', 'TOTP', 'HMAC', 'API', 'GTC', 'GTD', 'User-Agent', 'Integral', 'Investing',
  // browsers and systems, by their product names (a session's or an audit row's device)
  'Chrome', 'Chromium', 'Headless', 'Firefox', 'Safari', 'Edge', 'Opera', 'Mobile', 'Linux', 'Windows', 'macOS', 'iOS', 'Android', 'iPhone', 'iPad',
  // keys
  'Ctrl', 'Enter', 'Esc', 'Tab', 'Shift', 'Alt', 'Cmd', 'F8', 'j', 'k',
  // ISO 3166 country codes, shown beside the country's name in the language ("馬來西亞 (MY)")
  ...ISO_COUNTRIES,
]);

/**
 * The demo data, shown as it was entered: its names as words (a name may show alone, 'Kumar'), its
 * other texts (companies, addresses, banks, notes, reasons) as whole phrases only, so that the common
 * words in them ('transfer', 'the') do not pass anywhere else. Case-sensitive: 'Agent' the surname
 * passes, 'agent' the category code does not.
 */
function seedData(extra: readonly string[]): { words: Set<string>; phrases: string[] } {
  const names: string[] = [...extra];
  const phrases: string[] = [];
  for (const u of DEMO_USERS) {
    names.push(u.username, u.firstName, u.lastName);
    if ('companyName' in u) phrases.push(u.companyName);
  }
  for (const a of DEMO_ADMINS) names.push(a.username, a.firstName, a.lastName);
  for (const p of Object.values(DEMO_PEOPLE)) {
    phrases.push(...Object.values(p.address ?? {}));
    if (p.bank) phrases.push(p.bank.bankName, p.bank.accountOwner);
  }
  for (const r of DEMO_REQUESTS) phrases.push(r.note ?? '', r.declineReason ?? '');
  // texts the seed writes itself (apps/server/src/seed): the first admin, order notes, sources and comments, the audit's first row
  names.push('Aurum', 'Administrator', 'system', 'seed');
  phrases.push('Demo order', 'Desk', 'Buy if it dips', 'Demo: entered at the wrong price', 'Opening balance (demo data)');
  // the screening lists the seed creates (decision 1103)
  phrases.push('UN Security Council consolidated list', 'Home Ministry list (AMLA s.66B)');
  return {
    words: new Set(names.flatMap((t) => t.match(/[A-Za-z][A-Za-z'-]*/g) ?? [])),
    phrases: phrases.filter((p) => p !== '').sort((a, b) => b.length - a.length),
  };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Data in a text, never words to translate: e-mail and web addresses, a User-Agent string (a
 * device as it named itself), and the codes of audit actions (the trail shows each action's code
 * beside its name, as the filter and the export name them).
 */
const DATA = new RegExp(
  [
    /[\w.+-]+@[\w-]+(\.[\w-]+)+/.source,
    /https?:\/\/\S+/.source,
    /Mozilla\/\d.*/.source,
    ...[...AUDIT_ACTIONS].sort((a, b) => b.length - a.length).map((a) => `\\b${a.replace('.', '\\.')}\\b`),
  ].join('|'),
  'g',
);

/** What a missing translation looks like: 'namespace:key', a dotted key path, or an unfilled placeholder. */
const RAW_KEY = new RegExp(`\\b(?:${NAMESPACES.join('|')}):[A-Za-z_]+|\\b[a-z][A-Za-z0-9]+(?:\\.[A-Za-z][A-Za-z0-9_]+)+\\b|\\{\\{\\s*\\w+\\s*\\}\\}`, 'g');

export interface TextCheck {
  /** 'text (raw key)' for every visible text holding an i18n key */
  rawKeys: string[];
  /** 'word in "text"' for every Latin word outside the allow-list (zh-Hant only) */
  englishWords: string[];
}

/**
 * The visible texts of the screen's main content: its text nodes, and the placeholder, title,
 * aria-label and alt attributes of its visible elements, plus the document's title. Subtrees
 * marked translate="no" (codes, secrets) are left out, as are the values of form fields (user data).
 */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('main') ?? document.body;
    const out = [document.title];
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: false }) && !el.closest('[translate="no"]');
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text && parent && shown(parent) && !parent.closest('textarea, script, style')) out.push(text);
    }
    for (const el of root.querySelectorAll('[placeholder], [title], [aria-label], img[alt]')) {
      if (!shown(el)) continue;
      for (const name of ['placeholder', 'title', 'aria-label', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** Checks the texts for raw i18n keys, and in zh-Hant for Latin words outside the allow-list. */
export function checkTexts(texts: readonly string[], language: 'en' | 'zh-Hant', userData: readonly string[]): TextCheck {
  const seed = seedData(userData);
  const allowed = new Set([...ALLOWED_WORDS, ...seed.words]);
  const phrases = new RegExp(seed.phrases.map(escaped).join('|'), 'g');
  const rawKeys = new Set<string>();
  const englishWords = new Set<string>();
  for (const text of texts) {
    const plain = text.replace(DATA, ' ').replace(phrases, ' ');
    for (const key of plain.match(RAW_KEY) ?? []) rawKeys.add(`${key} in "${text.slice(0, 80)}"`);
    if (language !== 'zh-Hant') continue;
    // a word with a digit in it is a code (an order's reference, 'F8', 'x86_64'), not a word to translate
    for (const word of plain.match(/[A-Za-z0-9_][\w'-]*/g) ?? []) {
      if (/[A-Za-z]/.test(word) && !/\d/.test(word) && !allowed.has(word)) englishWords.add(`${word} in "${text.slice(0, 80)}"`);
    }
  }
  return { rawKeys: [...rawKeys], englishWords: [...englishWords] };
}

/** How the page fits its viewport: its scroll width, and the controls out of reach sideways. */
export interface FitCheck {
  viewport: number;
  scrollWidth: number;
  /** visible controls outside the viewport that no frame of their own scrolls to */
  outOfReach: string[];
  /** when the page is wider than the viewport: the outermost elements that stick out (to say what to fix) */
  stickingOut: string[];
}

/**
 * Whether the page fits the viewport's width: the document does not scroll sideways, and every
 * visible control (button, link, field, tab) is inside the viewport or inside a frame that scrolls
 * sideways itself (a wide table's frame), and so can be reached.
 */
export async function checkFit(page: Page): Promise<FitCheck> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const scrolls = (el: Element) => {
      const style = getComputedStyle(el);
      return (style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth;
    };
    const outOfReach: string[] = [];
    const controls = document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"], [role="combobox"], [tabindex="0"]');
    for (const el of controls) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden (sr-only)
      if (box.left >= -0.5 && box.right <= viewport + 0.5) continue;
      let frame: Element | null = el.parentElement;
      while (frame && frame !== document.body && !scrolls(frame)) frame = frame.parentElement;
      if (frame && frame !== document.body) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      outOfReach.push(`${el.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)}-${Math.round(box.right)}`);
    }
    const stickingOut: string[] = [];
    if (document.documentElement.scrollWidth > viewport) {
      for (const el of document.body.querySelectorAll('*')) {
        const box = el.getBoundingClientRect();
        if (box.right <= viewport + 0.5) continue;
        // inside a frame that scrolls sideways, unless positioned out of it (an absolute element's box is its positioned ancestor's)
        let frame: Element | null = el.parentElement;
        while (frame && frame !== document.body && !scrolls(frame)) frame = frame.parentElement;
        const position = getComputedStyle(el).position;
        if (frame && frame !== document.body && position !== 'absolute' && position !== 'fixed') continue;
        const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
        const classes = String(el.getAttribute('class') ?? '').split(' ').slice(0, 4).join('.');
        stickingOut.push(`${el.tagName.toLowerCase()}.${classes}${testId ? ` in [data-testid=${testId}]` : ''} to ${Math.round(box.right)} px`);
        if (stickingOut.length >= 5) break;
      }
    }
    return { viewport, scrollWidth: document.documentElement.scrollWidth, outOfReach, stickingOut };
  });
}

/** Switches the console's language as a user does: the top bar's language menu. */
async function switchTo(page: Page, language: SweepLanguage): Promise<void> {
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitemradio', { name: language === 'zh-Hant' ? '繁體中文' : 'English' }).click();
  await until(() => page.locator('html').getAttribute('lang')).toBe(language);
}

/** Signs out as a user does: the admin menu's last item. */
async function signOut(page: Page, url: string, language: SweepLanguage): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByTestId('admin-menu').click();
  await page.getByRole('menuitem', { name: language === 'zh-Hant' ? '登出' : 'Log out' }).click();
  await until(() => new URL(page.url()).pathname).toBe('/auth/login/');
  await visible(page.locator('h1').first());
}

/** Lets a resized page lay itself out again (two frames: media queries, then resize observers). */
async function laidOut(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** One screen at both widths: its problems (empty when all is well), its two screenshots written. */
async function sweepScreen(page: Page, url: string, screen: Screen, language: SweepLanguage, userData: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const shot = (width: number) => new URL(`${language}-${width}-${screen.name}.png`, SCREENSHOTS).pathname;
  await page.setViewportSize(WIDE);
  await page.goto(`${url}${screen.path}`);
  await settled(page);
  const texts = checkTexts(await visibleTexts(page), language, userData);
  found.push(...texts.rawKeys.map((k) => `raw key: ${k}`), ...texts.englishWords.map((w) => `English: ${w}`));
  await page.screenshot({ path: shot(WIDE.width), fullPage: true });

  await page.setViewportSize(NARROW);
  await laidOut(page);
  const fit = await checkFit(page);
  if (fit.scrollWidth > fit.viewport) found.push(`the page scrolls sideways at ${NARROW.width} px: ${fit.scrollWidth} px wide (${fit.stickingOut.join('; ')})`);
  found.push(...fit.outOfReach.map((c) => `out of reach at ${NARROW.width} px: ${c}`));
  await page.screenshot({ path: shot(NARROW.width), fullPage: true });
  return found;
}

/**
 * Visits every screen in one language with one page (signed in once; zh-Hant chosen in the top bar,
 * the public pages after signing out) and answers what each screen got wrong, by screen name (an
 * empty object when all is well); 'routes' names a route of the route table no screen opens.
 */
export async function sweepEveryScreen(suite: BrowserSuite, page: Page, language: SweepLanguage): Promise<Record<string, string[]>> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const signedIn = signedInScreens(await screenIds(suite.ts));
  const problems: Record<string, string[]> = {};
  const uncovered = uncoveredRoutes([...signedIn, ...PUBLIC_SCREENS]);
  if (uncovered.length > 0) problems.routes = uncovered.map((r) => `no screen opens route ${r}`);
  const userData = [suite.ts.demo.superAdmin.username, suite.ts.demo.superAdmin.email];

  await page.setViewportSize(WIDE);
  await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
  if (language !== 'en') await switchTo(page, language);
  // SWEEP_SCREENS=audit-trail,inbox: only these signed-in screens (while fixing them); the route check still runs
  const only = process.env.SWEEP_SCREENS?.split(',');
  for (const screen of signedIn.filter((s) => !only || only.includes(s.name))) {
    const found = await sweepScreen(page, suite.ts.url, screen, language, userData);
    if (found.length > 0) problems[screen.name] = found;
  }
  await page.setViewportSize(WIDE);
  await signOut(page, suite.ts.url, language);
  for (const screen of PUBLIC_SCREENS) {
    const found = await sweepScreen(page, suite.ts.url, screen, language, userData);
    if (found.length > 0) problems[screen.name] = found;
  }
  writeFileSync(new URL(`problems-${language}.json`, SCREENSHOTS), `${JSON.stringify(problems, null, 2)}\n`);
  return problems;
}
