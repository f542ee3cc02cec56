/**
 * Generates N client records from the SE (shop) and RRB (salon) seed records into a seed folder
 * of their own, beside the 7 real ones: half shops with SE's 30 products, half salons with RRB's
 * treatment categories, treatments and booking rules; each with its own code (S0001…, B0001…),
 * host names (s0001.localhost, www.s0001.example), media folder and e-mail user id, and the
 * template's reviews. Then the release step puts it into a database (SQLite file, or PostgreSQL
 * with --database-url).
 *
 *   node --import tsx bench/generate-clients.ts --clients 1000 --out /tmp/hs-1000 \
 *     [--database-url postgres://…] [--pictures]
 *
 * Without --pictures the placeholder pictures are not drawn (20,000 of them for 1,000 clients:
 * the release step's job, minutes of CPU; the page and API figures do not read them).
 */
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.js';
import { runReleaseStepOn } from '../src/server/db/release-step.js';
import { drawSeedPlaceholders } from '../src/server/media/seed-pictures.js';
import { readSeed } from '../src/server/db/seed.js';

const root = resolve(import.meta.dirname, '..');

interface GeneratedSeed {
  seedDir: string;
  themesDir: string;
  shops: string[];
  salons: string[];
}

/** The code of the n-th generated shop or salon (1-based): S0001, B0001. */
export function generatedCode(kind: 'shop' | 'salon', n: number): string {
  return `${kind === 'shop' ? 'S' : 'B'}${String(n).padStart(4, '0')}`;
}

/** Writes the seed folder: the real seed plus `count` generated clients. */
export function generateSeed(sourceSeedDir: string, outDir: string, count: number): GeneratedSeed {
  const seedDir = join(outDir, 'seed');
  rmSync(seedDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  // Everything the real seed has (its 7 clients, and any file added to it later) comes along.
  cpSync(sourceSeedDir, seedDir, { recursive: true });
  const read = (file: string): unknown =>
    JSON.parse(readFileSync(join(sourceSeedDir, file), 'utf8'));
  const se = read('clients/SE.json') as Record<string, unknown>;
  const rrb = read('clients/RRB.json') as Record<string, unknown>;
  const products = read('products.json') as Array<Record<string, unknown>>;
  const reviews = read('reviews.json') as Array<Record<string, unknown>>;
  const treatments = read('treatments.json') as Record<string, unknown>;
  const seProducts = products.filter((p) => p.clientCode === 'SE');
  // Each generated client wears its template's theme, so its pages weigh what the template's do.
  const themesDir = join(outDir, 'themes');
  rmSync(themesDir, { recursive: true, force: true });
  cpSync(join(root, 'public/themes'), themesDir, { recursive: true });
  const shops: string[] = [];
  const salons: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 2 === 0 ? 'shop' : 'salon';
    const template = kind === 'shop' ? se : rrb;
    const code = generatedCode(kind, Math.floor(i / 2) + 1);
    (kind === 'shop' ? shops : salons).push(code);
    const host = code.toLowerCase();
    const record = {
      ...template,
      name: code,
      title: `${String(template.title)} ${code}`,
      hostNames: [`www.${host}.example`, `${host}.localhost`],
      pictureLocation: `/media/${code}`,
      emailService: {
        ...(template.emailService as Record<string, unknown>),
        userId: `hs_pub_${code}`,
      },
    };
    writeFileSync(join(seedDir, 'clients', `${code}.json`), JSON.stringify(record));
    cpSync(join(themesDir, `${String(template.name)}.css`), join(themesDir, `${code}.css`));
    for (const review of reviews.filter((r) => r.clientCode === template.name)) {
      reviews.push({ ...review, clientCode: code });
    }
    if (kind === 'shop') {
      for (const product of seProducts) products.push({ ...product, clientCode: code });
    } else {
      treatments[code] = treatments.RRB;
    }
  }
  writeFileSync(join(seedDir, 'products.json'), JSON.stringify(products));
  writeFileSync(join(seedDir, 'reviews.json'), JSON.stringify(reviews));
  writeFileSync(join(seedDir, 'treatments.json'), JSON.stringify(treatments));
  return { seedDir, themesDir, shops, salons };
}

export interface GeneratedDatabase extends GeneratedSeed {
  dataDir: string;
  /** The environment a server on this database needs (besides PORT and the like). */
  env: Record<string, string>;
  /** Seconds the release step took (migrations and seed), and its pictures when drawn. */
  releaseSeconds: number;
  picturesDrawn: number;
}

/** Generates the seed and runs the release step into the database. */
export async function generateClientsDatabase(options: {
  count: number;
  outDir: string;
  databaseUrl?: string | undefined;
  pictures?: boolean;
}): Promise<GeneratedDatabase> {
  const generated = generateSeed(join(root, 'seed'), options.outDir, options.count);
  const dataDir = join(options.outDir, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  // The server serves /media from here; without pictures drawn it is still there, empty.
  mkdirSync(join(dataDir, 'media'), { recursive: true });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_DIR: generated.seedDir,
    THEMES_DIR: generated.themesDir,
    DATABASE_URL: options.databaseUrl ?? '',
  };
  const config = loadConfig({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'silent' }, root);
  const started = performance.now();
  const release = await runReleaseStepOn(config, config.database, { alwaysSeed: true });
  const picturesDrawn = options.pictures
    ? await drawSeedPlaceholders(
        config.mediaDir,
        release.seed ?? readSeed(config.seedDir),
        release.fingerprint,
      )
    : 0;
  return {
    ...generated,
    dataDir,
    env,
    releaseSeconds: (performance.now() - started) / 1000,
    picturesDrawn,
  };
}

if (process.argv[1] && import.meta.filename === resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '1000' },
      out: { type: 'string' },
      'database-url': { type: 'string' },
      pictures: { type: 'boolean', default: false },
    },
  });
  if (!values.out) throw new Error('--out DIR is required');
  const result = await generateClientsDatabase({
    count: Number(values.clients),
    outDir: resolve(values.out),
    databaseUrl: values['database-url'],
    pictures: values.pictures,
  });
  const clients = readdirSync(join(result.seedDir, 'clients')).length;
  console.log(
    `${clients} clients (${result.shops.length} shops, ${result.salons.length} salons generated) in ${result.releaseSeconds.toFixed(1)} s; pictures drawn: ${result.picturesDrawn}`,
  );
  console.log(
    `Serve them with: ${Object.entries(result.env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')} MIGRATE_ON_START=off npm start`,
  );
}
