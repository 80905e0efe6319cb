import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixtureUrl } from './support';

const GALLERY_UNIQUE_IMAGES = 110;
const GALLERY_REPEATS = 10;

/** Width, height and colour of the gallery's image `index`: every size differs, so size order is unambiguous. */
const galleryImage = (index: number) => ({
  width: 120 + index * 7,
  height: 90 + ((index * 53) % 300),
  colour: ((index * 2_654_435) % 0xffffff).toString(16).padStart(6, '0'),
});

/**
 * A page of 120 images served on 127.0.0.1 for this test run: 110 different ones (pictures from the fixture
 * site) and then the first 10 again, which the extraction flags as duplicates.
 */
export async function startGallerySite(): Promise<{ url: string; close: () => Promise<void> }> {
  const tag = (index: number) => {
    const { width, height, colour } = galleryImage(index);
    return `<img src="${fixtureUrl(`/images/${width}x${height}.png?c=${colour}`)}" alt="Gallery photo ${index + 1}" width="${width}" height="${height}">`;
  };
  const images = [
    ...Array.from({ length: GALLERY_UNIQUE_IMAGES }, (_, index) => tag(index)),
    ...Array.from({ length: GALLERY_REPEATS }, (_, index) => tag(index)),
  ];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gallery</title></head><body><h1>Gallery</h1>${images.join('\n')}</body></html>`;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gallery.html`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
