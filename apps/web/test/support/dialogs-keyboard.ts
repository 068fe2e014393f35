import { expect } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';
import { until, visible } from './harness.ts';

/**
 * Dialogs by keyboard alone (decision 0713): reach a dialog's opener with Tab, open it with Enter (or a
 * key), read where the keyboard is and walk the dialog's Tab order. The names are the focused
 * element's role and accessible name as Playwright's aria snapshot gives them ('textbox "Bank
 * name"', 'button "Save"'), so a reviewer reads the order as a user hears it.
 */

/** One dialog of the table: where it opens, its Tab order and what Enter does in it. */
export interface DialogCase {
  /** The dialog's accessible name (its title). */
  dialog: string | RegExp;
  /** Where it opens, for the test's title when two dialogs share a name (a user's and an admin's Reset password). */
  of?: string;
  /** The screen it opens from (a path of the console). */
  screen: () => Promise<string> | string;
  /** The control that opens it (reached by Tab, pressed with Enter unless `key` says otherwise). */
  opener: (page: Page) => Locator;
  /** What the screen needs first (a row selected, a form filled): any way, the keyboard then starts from the page's top. */
  prepare?: (page: Page) => Promise<void>;
  /** A key that opens it where the opener is focused (a switch takes Space). */
  key?: string;
  /**
   * The Tab order from where the keyboard lands on opening, all the way round: the first entry is
   * where focus starts, and one Tab past the last comes back to it.
   */
  tabOrder: readonly string[];
  /** By keyboard only, fills the dialog (focus is where it starts) and presses Enter; then checks what the user sees. */
  submit?: (page: Page, dialog: Locator) => Promise<void>;
}

/** The focused element as a user hears it: its role and name ('' when nothing has the focus). */
export async function focusedName(page: Page): Promise<string> {
  const active = page.locator('*:focus');
  if ((await active.count()) === 0) return '';
  const snapshot = await active.first().ariaSnapshot();
  const first = snapshot.split('\n')[0]!.replace(/^- /, '').replace(/:$/, '');
  // the value a field holds is not its name: 'textbox "Name": Mary' reads 'textbox "Name"'
  return first.replace(/^(\w+ "[^"]*")(?: \[[^\]]*\])*(?::.*)?$/, '$1').replace(/ \[[^\]]*\]/g, '');
}

/** Whether the keyboard is inside the locator's element. */
export function hasFocusInside(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.contains(document.activeElement));
}

/** Presses Tab from where the keyboard is until the target has it (fails when it never comes). */
export async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  await visible(target);
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)} in ${max} presses`);
}

/** Presses Tab as often as the order is long and names where it went each time, checking it stays in the dialog. */
export async function walkTabs(page: Page, dialog: Locator, count: number, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(key);
    expect(await hasFocusInside(dialog), `${key} #${i + 1} left the dialog (on ${await focusedName(page)})`).toBe(true);
    names.push(await focusedName(page));
  }
  return names;
}

/**
 * The checks every dialog of the table gets: from its screen, Tab reaches the opener and Enter
 * opens it; the keyboard lands inside on the first entry of its order; Tab goes round its order
 * and stays inside (Shift+Tab goes back); Escape closes it and gives the keyboard back to the
 * opener; then, where it submits, Enter (the opener again) opens it and the case submits it.
 */
export async function checkDialog(page: Page, url: string, c: DialogCase): Promise<void> {
  await page.goto(`${url}${await c.screen()}`);
  const opener = c.opener(page);
  await visible(opener);
  if (c.prepare) {
    await c.prepare(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  }
  await tabTo(page, opener);
  await page.keyboard.press(c.key ?? 'Enter');
  const dialog = page.getByRole('dialog', { name: c.dialog });
  await visible(dialog);
  await until(() => hasFocusInside(dialog)).toBe(true);
  await until(() => focusedName(page)).toBe(c.tabOrder[0]);
  const round = [...c.tabOrder.slice(1), c.tabOrder[0]];
  expect(await walkTabs(page, dialog, round.length)).toEqual(round);
  expect(await walkTabs(page, dialog, 1, 'Shift+Tab')).toEqual([c.tabOrder.at(-1)]);
  await page.keyboard.press('Escape');
  await until(() => dialog.count()).toBe(0);
  await until(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  if (!c.submit) return;
  await page.keyboard.press(c.key ?? 'Enter');
  await visible(dialog);
  await until(() => focusedName(page)).toBe(c.tabOrder[0]);
  await c.submit(page, dialog);
}
