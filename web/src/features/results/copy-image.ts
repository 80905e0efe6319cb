/** Whether this browser can put a PNG on the clipboard (the async Clipboard API with ClipboardItem). */
export function canCopyImages(): boolean {
  if (typeof ClipboardItem === 'undefined' || typeof navigator.clipboard?.write !== 'function') return false;
  const supports = (ClipboardItem as unknown as { supports?: (type: string) => boolean }).supports;
  return supports ? supports('image/png') : true;
}

/**
 * Puts the PNG at `pngUrl` on the clipboard. The ClipboardItem is given the pending blob, not the finished one:
 * Safari allows clipboard writes only within the click, and the fetch would outlast it.
 */
export async function copyPngToClipboard(pngUrl: string): Promise<void> {
  const png = fetch(pngUrl).then(async (response) => {
    if (!response.ok) throw new Error(`the image answered ${response.status}`);
    return new Blob([await response.arrayBuffer()], { type: 'image/png' });
  });
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
}
