import { expect, test } from '@playwright/test';
import { browserSuite, cspViolations, signIn, until, visible } from './support/harness.ts';

// Every browser test runs under the server's Content-Security-Policy and fails on any violation
// (support/harness.ts); these check the policy's own parts.
const suite = browserSuite();

test.describe('Content-Security-Policy', () => {
  test("the console's page carries its policy, and the scroll lock of a Radix menu applies with the page's nonce", async () => {
    const page = await suite.open();
    const answer = await page.goto(`${suite.ts.url}/auth/login/`);
    const policy = answer?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.getByRole('button', { name: 'Admin menu' }).click();
    await visible(page.getByRole('menuitem', { name: 'Profile' }));
    // react-remove-scroll's <style> (body { overflow: hidden }) is allowed only through the nonce
    await until(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await until(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('an inline script is blocked and reported (the check the other tests rely on works)', async () => {
    const page = await suite.open();
    await page.goto(`${suite.ts.url}/auth/login/`);
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    // both recorders saw it: the securitypolicyviolation event and Chromium's console report (taken
    // here, so that the suite's check after this test finds nothing: the violation was the point)
    const seen: string[] = [];
    const saw = () => {
      seen.push(...cspViolations(page.context()));
      return { event: seen.some((v) => v.includes('script-src-elem blocked inline')), console: seen.some((v) => /inline script.*Content Security Policy/.test(v)) };
    };
    await until(saw).toEqual({ event: true, console: true });
  });

  test('/docs (swagger-ui) renders and expands an operation under its policy', async () => {
    const page = await suite.open();
    await page.goto(`${suite.ts.url}/docs`);
    // swagger-ui is a large script: parsed while another file's tests share the cores, it can take longer than a screen
    await page.getByRole('heading', { name: /Aurum back office API/ }).waitFor({ state: 'visible', timeout: 45_000 });
    await page.locator('.opblock-summary').first().click();
    await visible(page.locator('.opblock-body').first());
    await visible(page.locator('.topbar svg').first());
  });
});
