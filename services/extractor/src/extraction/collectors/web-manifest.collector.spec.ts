import type { ElementRecord, PageSnapshot } from '../snapshot/page-snapshot';
import { WebManifestCollector } from './web-manifest.collector';

const PAGE = 'https://example.com/shop/';
const link: ElementRecord = {
  index: 3,
  tag: 'link',
  attrs: { rel: 'manifest', href: '/app/site.webmanifest' },
  base: PAGE,
};
const collect = (text: string) => {
  const snapshot: PageSnapshot = {
    url: PAGE,
    elements: [link],
    stylesheets: [],
    network: [],
    manifest: { url: 'https://example.com/app/site.webmanifest', text, index: 3 },
  };
  return new WebManifestCollector()
    .collect(snapshot)
    .map(({ url, sourceNode, domIndex }) => [url, sourceNode, domIndex]);
};

describe('WebManifestCollector', () => {
  it("lists the manifest's icons, relative to the manifest, at the link's place, and not its screenshots", () => {
    const manifest = JSON.stringify({
      icons: [
        { src: 'icons/192.png', sizes: '192x192' },
        { src: '/icons/512.png', sizes: '512x512', purpose: 'maskable' },
        { sizes: '48x48' },
      ],
      screenshots: [{ src: 'shot.png' }],
    });
    expect(collect(manifest)).toEqual([
      ['https://example.com/app/icons/192.png', 'icon', 3],
      ['https://example.com/icons/512.png', 'icon', 3],
    ]);
  });

  it('finds nothing in a manifest that is no JSON or lists no icons', () => {
    expect([collect('<html>not found</html>'), collect('{"icons": "none"}'), collect('null')]).toEqual([[], [], []]);
  });
});
