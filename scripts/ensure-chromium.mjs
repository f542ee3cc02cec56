// Browser tests drive Debian's Chromium and its headless shell (decision 0088). Install what is
// missing (as root), or say exactly how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const browsers = [
  { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', debianPackage: 'chromium' },
  {
    path: process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
    debianPackage: 'chromium-headless-shell',
  },
];

const missing = browsers.filter((browser) => !existsSync(browser.path));
if (missing.length > 0) {
  const names = `${missing.map((browser) => browser.path).join(' and ')} ${missing.length > 1 ? 'are' : 'is'}`;
  // Both together, so that they come from the same Chromium release.
  const command = `apt-get update && apt-get install -y ${browsers.map((browser) => browser.debianPackage).join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`${names} missing. Install with:\n  sudo ${command}`);
    process.exit(1);
  }
  console.log(`${names} missing: running "${command}"…`);
  execSync(command, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (browsers.some((browser) => !existsSync(browser.path))) {
    console.error(`Chromium is still missing after install. Run by hand: ${command}`);
    process.exit(1);
  }
}
