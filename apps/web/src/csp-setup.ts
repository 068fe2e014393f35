/**
 * Runs before the console (the first module of index.html), under the server's
 * Content-Security-Policy (README "Security"), which allows no `<style>` element without the page's
 * nonce and no eval:
 * - the `<style>` that react-remove-scroll inserts under Radix dialogs and menus (the scroll lock)
 *   gets the page's nonce: react-style-singleton reads it from `__webpack_nonce__`; the server
 *   writes a fresh nonce into Vite's `<meta property="csp-nonce">` (vite.config.ts `html.cspNonce`)
 *   in every answer of index.html;
 * - zod compiles no validators with `new Function` (even its probe for that is a violation). zod
 *   keeps its configuration on `globalThis.__zod_globalConfig`, shared by every copy of it; setting
 *   `jitless` there before zod loads does what `z.config({ jitless: true })` does without pulling
 *   zod into the sign-in page's first load. Should a zod release move it, the browser tests (which
 *   fail on any CSP violation) say so.
 */
const page = globalThis as { __webpack_nonce__?: string; __zod_globalConfig?: { jitless?: boolean } };

const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce && nonce !== '__CSP_NONCE__') page.__webpack_nonce__ = nonce;

page.__zod_globalConfig ??= {};
page.__zod_globalConfig.jitless = true;
export {}; // a module (its names stay its own)
