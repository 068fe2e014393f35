import Bowser from 'bowser';

const KNOWN_BROWSERS = new Set<string>(Object.values(Bowser.BROWSER_MAP));
const CACHE_MAX = 1000;
const cache = new Map<string, string | null>();

function major(version: string | undefined): string {
  const m = version?.match(/^\d+/);
  return m ? m[0] : '';
}

function parse(userAgent: string): string | null {
  const { browser, os } = Bowser.parse(userAgent);
  // bowser's last resort takes the first word as a name: only its known browsers count
  if (!browser.name || !KNOWN_BROWSERS.has(browser.name)) return null;
  const name = [browser.name, major(browser.version)].filter(Boolean).join(' ');
  if (!os.name) return name;
  // Windows by its marketing name (NT 10.0 is "10"); macOS has frozen its version in the User-Agent
  const osVersion = os.name === 'Windows' ? (os.versionName ?? '') : os.name === 'macOS' ? '' : major(os.version);
  return `${name} on ${[os.name, osVersion].filter(Boolean).join(' ')}`;
}

/**
 * What a User-Agent names, for people: browser and major version on the operating system
 * ("Chrome 156 on Linux", "Microsoft Edge 120 on Windows 10", "Safari 17 on iOS 17"); null when it
 * names no browser bowser knows (curl, scripts, the seed). Parsing takes tens of microseconds, and
 * a trail repeats few agents, so results are kept (up to 1000 agents, then started afresh).
 */
export function deviceName(userAgent: string | null): string | null {
  if (userAgent === null || userAgent.trim() === '') return null;
  const known = cache.get(userAgent);
  if (known !== undefined) return known;
  if (cache.size >= CACHE_MAX) cache.clear();
  const name = parse(userAgent);
  cache.set(userAgent, name);
  return name;
}
