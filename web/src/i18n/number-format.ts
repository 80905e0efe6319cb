import { LANGUAGE_TAGS, isLanguage } from './languages';

/**
 * The locale numbers and dates are written in: the language's own tag (Intl reads our `jp` and `cn` as English),
 * and for Arabic its own digits ("١٬٥٠٠"), which Chromium's plain `ar` leaves Latin.
 */
export function numberLocale(language: string): string {
  if (!isLanguage(language)) return language;
  return language === 'ar' ? 'ar-u-nu-arab' : LANGUAGE_TAGS[language];
}

/** `value` as the language writes it: "1,500", "1 500", "١٬٥٠٠". */
export const formatNumber = (value: number, language: string, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(numberLocale(language), options).format(value);

/** Below this, a byte count is said in words with the language's plural rules ("1 byte", "٢ بايتان"). */
export const BYTES_PER_KILOBYTE = 1_000;

const BYTE_UNITS = [
  ['byte', 1],
  ['kilobyte', BYTES_PER_KILOBYTE],
  ['megabyte', 1_000_000],
  ['gigabyte', 1_000_000_000],
] as const;

/** A byte count in the largest unit that keeps it at 1 or more, as the language writes it ("1.4 MB", "1,4 Mo"). */
export function formatByteSize(bytes: number, language: string): string {
  const [unit, size] = [...BYTE_UNITS].reverse().find(([, unitSize]) => bytes >= unitSize) ?? BYTE_UNITS[0];
  return formatNumber(bytes / size, language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  });
}

/** A date (and time, with `options` asking for it) as the language writes it, in its own digits: "٦‏/١٢‏/٢٠٢٦". */
export const formatDate = (
  value: string | Date,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string => new Intl.DateTimeFormat(numberLocale(language), options).format(new Date(value));

/** Whole seconds as the language writes them ("12 sec", "12 s"). */
export const formatSeconds = (milliseconds: number, language: string): string =>
  formatNumber(Math.floor(milliseconds / 1000), language, { style: 'unit', unit: 'second', unitDisplay: 'short' });
