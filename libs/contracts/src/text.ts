/**
 * What no name or address may hold: control and format characters (zero-width spaces and joiners, bidi overrides),
 * every other default-ignorable (invisible) code point, the braille blank (U+2800: a symbol that draws nothing, the
 * usual stand-in once the others are refused), surrogates, private use, and line or paragraph separators.
 * Two names that read alike must not be two accounts, and Postgres text cannot hold a NUL.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
const EVERY_INVISIBLE_OR_CONTROL = new RegExp(INVISIBLE_OR_CONTROL.source, 'gu');

export const hasInvisibleOrControl = (text: string): boolean => INVISIBLE_OR_CONTROL.test(text);

export const withoutInvisibleOrControl = (text: string): string => text.replace(EVERY_INVISIBLE_OR_CONTROL, '');

/** A name as stored: compatibility-normalised (NFKC: fullwidth letters, ligatures, odd spaces), one space between words. */
export const normaliseName = (name: string): string => name.normalize('NFKC').replace(/\s+/gu, ' ').trim();
