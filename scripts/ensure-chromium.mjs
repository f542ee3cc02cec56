// Browser tests drive Debian's Chromium. Install it when missing (as root), or say exactly how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const command = 'apt-get update && apt-get install -y chromium';
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${chromium}. Install it with:\n  sudo ${command}`);
    process.exit(1);
  }
  console.log(`Chromium is missing: running "${command}"…`);
  execSync(command, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(chromium)) {
    console.error(`Chromium is still missing after install. Run by hand: ${command}`);
    process.exit(1);
  }
}
