// The one Chromium every browser-driving tool here uses (Playwright tests, the system XSS suite, the
// Lighthouse bench): Debian's build, headless, and nothing of Chrome's own on the network, so every
// request a run makes is the page's and no run waits on an update or sync server.

/** The browser binary: CHROMIUM_PATH, else Debian's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless run as root in a container without a GPU or outside network. */
export const CHROMIUM_FLAGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]);
