import { LANGUAGES, PAGE_META_FILE, pageMetaFileSchema } from '@pixtract/contracts';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Writes page-meta.json next to index.html: every language's `pageMeta` words, taken from the app's own locales, so
 * the gateway writes each page's <head> with the very words the app shows (one source, not a copy). A locale
 * missing a page's title or description fails the build.
 */
export function pageMetaPlugin(localesDir: URL): Plugin {
  return {
    name: 'pixtract-page-meta',
    apply: 'build',
    generateBundle() {
      const words = Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          (JSON.parse(readFileSync(new URL(`${language}.json`, localesDir), 'utf8')) as { pageMeta?: unknown })
            .pageMeta,
        ]),
      );
      this.emitFile({
        type: 'asset',
        fileName: PAGE_META_FILE,
        source: JSON.stringify(pageMetaFileSchema.parse(words)),
      });
    },
  };
}
