/**
 * JSON as sites really write it into their pages (<script type="application/ld+json">, Magento's init scripts, web app
 * manifests — browsers check none of them): wrapped in <!-- --> or CDATA, with raw line breaks inside strings,
 * comments, or trailing commas. Undefined when even that fails.
 */
export function parseLeniently(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const repaired = text
      .replace(/^\s*(<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
      .replace(/(-->|\/\/\s*\]\]>|\]\]>)\s*$/, '')
      // Strings kept whole (line breaks inside them escaped); comments outside them dropped.
      .replace(/"(?:[^"\\]|\\.)*"|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (token) =>
        token.startsWith('"') ? token.replace(/\r?\n|\r|\t/g, (raw) => (raw === '\t' ? '\\t' : '\\n')) : '',
      )
      .replace(/,(\s*[}\]])/g, '$1');
    try {
      return JSON.parse(repaired);
    } catch {
      return undefined;
    }
  }
}
