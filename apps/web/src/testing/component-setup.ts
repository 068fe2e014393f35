/**
 * Setup of the component tests (vitest project 'component', jsdom): what jsdom lacks and Radix,
 * cmdk and react-day-picker use, the console's own i18next set-up with every English namespace
 * loaded (real texts, never keys), jest-dom's matchers and a cleanup after each test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach } from 'vitest';
import { initI18n } from '../shared/i18n/i18n.ts';
import { NAMESPACES } from '../shared/i18n/languages.ts';

// Radix's popper measures its anchor and content (use-size)
class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;

// Radix Select captures the pointer on its trigger and scrolls the chosen item into view; cmdk scrolls too
const element = Element.prototype as Element & Partial<Pick<Element, 'hasPointerCapture' | 'setPointerCapture' | 'releasePointerCapture' | 'scrollIntoView'>>;
element.hasPointerCapture ??= () => false;
element.setPointerCapture ??= () => {};
element.releasePointerCapture ??= () => {};
element.scrollIntoView ??= () => {};

// the theme and the shell ask for the colour scheme and the viewport
window.matchMedia ??= (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

// the console's i18next (lazy locale chunks), English, every namespace loaded before a test renders
// (run before each file: the files of a worker share one jsdom, so each starts from empty storage)
window.localStorage.clear();
window.sessionStorage.clear();
await initI18n();
await i18next.loadNamespaces([...NAMESPACES]);

afterEach(() => {
  cleanup();
});
