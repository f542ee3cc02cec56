// `npm run env:example`: writes .env.example from src/server/config.ts's table of variables.
// `--check` (part of `npm run check`): exits 1 when .env.example is not what it would write.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { envExampleText } from '../src/server/config-report.js';

const file = join(import.meta.dirname, '..', '.env.example');
const text = envExampleText();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // Missing: reported below like any difference.
  }
  if (current !== text) {
    console.error(
      '.env.example is not what src/server/config.ts describes: run npm run env:example',
    );
    process.exit(1);
  }
} else {
  writeFileSync(file, text);
  console.log(`Wrote ${file}`);
}
