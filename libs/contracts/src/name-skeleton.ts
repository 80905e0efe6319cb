import { withoutInvisibleOrControl } from './text';

/** The refusal of a name that reads as a reserved word or an administrator's username. */
export const NAME_RESERVED_MESSAGE = "That name is kept for Pixtract's team. Please choose another name.";

/** Words no one but Pixtract's administrators may appear under, whatever the spelling. */
export const RESERVED_NAMES = ['admin', 'pixtract', 'moderator'] as const;

/**
 * Letters that read as a Latin letter or digit: Cyrillic, Greek, Armenian and IPA look-alikes of UTS #39's
 * confusables (NFKC has already folded the fullwidth, mathematical, Roman-numeral and ligature forms, and accents
 * are dropped before this map is read), small capitals (NFKC keeps them, and "ᴀᴅᴍɪɴ" reads as ADMIN), and the digits
 * and signs that pass for letters. Each maps to the one letter of its class.
 */
const LOOKALIKES_OF: Record<string, string> = {
  a: 'аɑα⍺@4ᴀ',
  b: 'ьƅʙ',
  c: 'сϲⅽᴄ',
  d: 'ԁⅾɗᴅ',
  e: 'еҽ℮3єᴇ',
  f: 'ꜰ',
  g: 'ɡցɢ',
  h: 'һհʜ',
  // i, l, 1 and the like pass for one another: one class.
  i: 'l1|!ıιіӏɩǀɪʟ',
  j: 'јϳᴊ',
  k: 'κкᴋ',
  m: 'мᴍ',
  n: 'ոռηпɴ',
  o: 'оοօ0σᴏ૦٥',
  p: 'рρᴘ',
  q: 'ԛզ',
  r: 'гᴦʀ',
  s: 'ѕꜱ5$',
  t: 'τт7+ᴛ',
  u: 'υսᴜ',
  v: 'νѵᴠ',
  w: 'ԝѡᴡ',
  x: 'хχ×',
  y: 'уγүʏ',
  z: 'ᴢ2',
};
/** Capitals that pass for a Latin capital though their small letters do not (Greek Μ, Ν, Η): read before folding case. */
const CAPITAL_LOOKALIKES_OF: Record<string, string> = {
  a: 'ΑА',
  b: 'ΒВ',
  c: 'С',
  e: 'ΕЕ',
  h: 'ΗН',
  i: 'ΙІӀ',
  j: 'Ј',
  k: 'ΚК',
  m: 'ΜМ',
  n: 'Ν',
  o: 'ΟО',
  p: 'ΡР',
  s: 'Ѕ',
  t: 'ΤТ',
  x: 'ΧХ',
  y: 'ΥҮ',
  z: 'Ζ',
};

const lookalikeMap = (table: Record<string, string>) =>
  new Map(Object.entries(table).flatMap(([letter, lookalikes]) => [...lookalikes].map((char) => [char, letter])));
const LOOKALIKES = lookalikeMap(LOOKALIKES_OF);
const CAPITAL_LOOKALIKES = lookalikeMap(CAPITAL_LOOKALIKES_OF);

/** Letter pairs that read as one letter (UTS #39: "rn" as "m", "vv" as "w", "cl" as "d"). */
const PAIRS: Array<[RegExp, string]> = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
];

/**
 * What a name looks like, so two names that read alike compare equal: NFKC, case-folded, invisible characters,
 * spaces, punctuation and combining marks dropped, each look-alike letter replaced by the letter it passes for.
 * "Ａdmin", "аdmіn" (Cyrillic), "ADM1N", "a.d.m.i.n" and "adrnin" all read as "admin".
 */
export function nameSkeleton(name: string): string {
  const folded = [...withoutInvisibleOrControl(name.normalize('NFKC'))]
    .map((char) => CAPITAL_LOOKALIKES.get(char) ?? char)
    .join('')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  let skeleton = '';
  for (const char of folded) {
    const letter = LOOKALIKES.get(char) ?? char;
    if (/[\p{L}\p{N}]/u.test(letter)) skeleton += letter;
  }
  for (const [pair, letter] of PAIRS) skeleton = skeleton.replace(pair, letter);
  return skeleton;
}

/** Whether `name` reads as a reserved word or as one of the administrators' usernames. */
export function impersonatesStaff(name: string, adminUsernames: readonly string[]): boolean {
  const skeleton = nameSkeleton(name);
  if (skeleton === '') return false;
  return [...RESERVED_NAMES, ...adminUsernames].some((staff) => nameSkeleton(staff) === skeleton);
}
