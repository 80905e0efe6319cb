import { LANGUAGE_TAGS, isLanguage } from './languages';

/**
 * The locale numbers are written in: the language's own tag, and for Arabic its own digits ("١٬٥٠٠"), which
 * Chromium's plain `ar` leaves Latin.
 */
export function numberLocale(language: string): string {
  if (!isLanguage(language)) return language;
  return language === 'ar' ? 'ar-u-nu-arab' : LANGUAGE_TAGS[language];
}

/** `value` as the language writes it: "1,500", "1 500", "١٬٥٠٠". */
export const formatNumber = (value: number, language: string, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(numberLocale(language), options).format(value);

const BYTE_UNITS = [
  ['byte', 1],
  ['kilobyte', 1_000],
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

/** Whole seconds as the language writes them ("12 sec", "12 s"). */
export const formatSeconds = (milliseconds: number, language: string): string =>
  formatNumber(Math.floor(milliseconds / 1000), language, { style: 'unit', unit: 'second', unitDisplay: 'short' });
