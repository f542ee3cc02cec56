/**
 * Debian's Chromium and the flags every tool here starts it with (tests, screenshots, Lighthouse):
 * no sandbox as root, and no background networking, which this machine's closed network refuses.
 */
export const chromiumExecutablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
