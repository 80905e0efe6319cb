import { resources } from './i18n';
import { LANGUAGE_TAGS, LANGUAGES, type Language } from './languages';

type Tree = { [key: string]: string | Tree };

/** `{a: {b: 'x'}}` → `{'a.b': 'x'}` */
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [path]: value } : { ...flat, ...flatten(value, path) };
  }, {});
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** The same in every language: the brand, numbers-only patterns, plan names (proper nouns) and an example address. */
const LANGUAGE_NEUTRAL = new Set([
  'app.name',
  'extraction.percent',
  'results.dimensions',
  'member.quarter',
  'member.usedOf',
  'account.premium',
  'pricing.premiumName',
  'auth.name',
  'blog.tagNames.api',
  'blog.tagNames.css',
  'blog.tagNames.zip',
]);

/** Words a language shares with English letter for letter (French "image"). */
const COGNATES: Partial<Record<Language, string[]>> = {
  fr: [
    'results.count_one',
    'results.count_other',
    'results.kinds.photo',
    'legal.privacy.minutes_one',
    'legal.privacy.minutes_other',
    'blog.tagNames.formats',
    'blog.tagNames.guides',
  ],
  de: ['billing.summaryPlan', 'comments.administrator', 'account.admin'],
  es: ['billing.summaryPlan'],
};

const english = flatten(resources.en.translation);
const englishBases = [...new Set(Object.keys(english).map((key) => key.replace(PLURAL_SUFFIX, '')))];
const pluralBases = new Set(
  Object.keys(english)
    .filter((key) => PLURAL_SUFFIX.test(key))
    .map((key) => key.replace(PLURAL_SUFFIX, '')),
);
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((match) => match[1]).sort();

const others = LANGUAGES.filter((language): language is Exclude<Language, 'en'> => language !== 'en');

describe.each(others)('the %s locale', (language) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const locale = flatten(require(`./locales/${language}.json`) as Tree);
  const categories = new Intl.PluralRules(LANGUAGE_TAGS[language]).resolvedOptions().pluralCategories;

  it('has every key English has, with every plural form the language needs', () => {
    const missing = englishBases.flatMap((base) =>
      pluralBases.has(base)
        ? categories.map((category) => `${base}_${category}`).filter((key) => !(key in locale))
        : base in locale
          ? []
          : [base],
    );
    expect(missing).toEqual([]);
  });

  it('has no key English lacks', () => {
    expect(Object.keys(locale).filter((key) => !englishBases.includes(key.replace(PLURAL_SUFFIX, '')))).toEqual([]);
  });

  it('leaves no English text behind', () => {
    const same = new Set([...LANGUAGE_NEUTRAL, ...(COGNATES[language] ?? [])]);
    const untranslated = Object.keys(locale).filter((key) => !same.has(key) && locale[key] === english[key]);
    expect(untranslated).toEqual([]);
  });

  it('keeps the placeholders of every text', () => {
    const mismatched = Object.keys(locale).filter((key) => {
      const reference = english[key] ?? english[`${key.replace(PLURAL_SUFFIX, '')}_other`];
      // A plural form may leave the count out ("one image" → "an image"), never add or rename one.
      const expected = placeholders(reference ?? '').filter((name) => !(PLURAL_SUFFIX.test(key) && name === 'count'));
      const actual = placeholders(locale[key]).filter((name) => !(PLURAL_SUFFIX.test(key) && name === 'count'));
      return expected.join() !== actual.join();
    });
    expect(mismatched).toEqual([]);
  });
});
