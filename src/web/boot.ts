// The boot script: a small classic script, built as its own entry and loaded async by every built
// page (src/server/app-boot.ts), that loads the app once the page has painted.
import { loadAppAfterFirstPaint, readAppScripts } from './app/load-app-after-paint';

const script = document.currentScript;
if (script) loadAppAfterFirstPaint(readAppScripts(script));
