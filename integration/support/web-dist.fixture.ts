import { LANGUAGES, PAGE_META_FILE, type PageMetaFile } from '@pixtract/contracts';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WEB = join(__dirname, '..', '..', 'web');

/** The app's words for each page, straight from its locales (what the web build writes into page-meta.json). */
export const PAGE_WORDS = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    (JSON.parse(readFileSync(join(WEB, 'src', 'i18n', 'locales', `${language}.json`), 'utf8')) as { pageMeta: unknown })
      .pageMeta,
  ]),
) as PageMetaFile;

/** The one hashed asset a miniature build holds (tests ask for /assets/app-abc123.js). */
const MINIATURE_ASSET = 'app-abc123.js';

/**
 * A built web app in miniature, in a fresh folder: the app's own index.html (the parts the gateway writes page heads
 * into) loading one hashed asset, and page-meta.json from the locales.
 */
export function miniatureWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pixtract-web-'));
  mkdirSync(join(dir, 'assets'));
  const index = readFileSync(join(WEB, 'index.html'), 'utf8').replace('/src/main.tsx', `/assets/${MINIATURE_ASSET}`);
  writeFileSync(join(dir, 'index.html'), index);
  writeFileSync(join(dir, 'assets', MINIATURE_ASSET), 'console.log("app")');
  writeFileSync(join(dir, PAGE_META_FILE), JSON.stringify(PAGE_WORDS));
  return dir;
}
