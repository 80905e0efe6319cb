import type { ElementRecord } from '../snapshot/page-snapshot';
import { MagentoGalleryCollector } from './magento-gallery.collector';

const BASE = 'https://shop.test/jacket.html';
const script = (type: string, text: string): ElementRecord => ({
  index: 9,
  tag: 'script',
  attrs: { type },
  base: BASE,
  text,
});
const collect = (...elements: ElementRecord[]) =>
  new MagentoGalleryCollector().collect({ url: BASE, elements, stylesheets: [], network: [] });

describe('MagentoGalleryCollector', () => {
  it("lists each gallery item's full image, with its stage image and thumbnail as renditions, and skips videos", () => {
    const cache = (hash: string, file: string) => `https://shop.test/media/catalog/product/cache/${hash}/w/b/${file}`;
    const init = {
      '[data-gallery-role=gallery-placeholder]': {
        'mage/gallery/gallery': {
          data: [
            {
              thumb: cache('3bd7', 'wb04-blue-0.jpg'),
              img: cache('2765', 'wb04-blue-0.jpg'),
              full: cache('9265', 'wb04-blue-0.jpg'),
              caption: 'Jacket',
              type: 'image',
            },
            { thumb: cache('3bd7', 'wb04-video.jpg'), img: cache('2765', 'wb04-video.jpg'), type: 'video' },
            { img: cache('2765', 'wb04-blue-back.jpg') },
          ],
        },
      },
    };
    expect(
      collect(script('text/x-magento-init', JSON.stringify(init))).map(({ url, sourceNode, alt, variants, shown }) => ({
        url,
        sourceNode,
        alt,
        variants,
        shown,
      })),
    ).toEqual([
      {
        url: cache('9265', 'wb04-blue-0.jpg'),
        sourceNode: 'link',
        alt: 'Jacket',
        variants: [cache('2765', 'wb04-blue-0.jpg'), cache('3bd7', 'wb04-blue-0.jpg')],
        shown: true,
      },
      {
        url: cache('2765', 'wb04-blue-back.jpg'),
        sourceNode: 'link',
        alt: undefined,
        variants: undefined,
        shown: true,
      },
    ]);
  });

  it('reads nothing from other scripts or JSON without a gallery', () => {
    expect([
      ...collect(script('application/ld+json', '{"image":"a.jpg"}')),
      ...collect(script('text/x-magento-init', '{"*":{"Magento_Ui/js/core/app":{}}}')),
      ...collect(script('text/x-magento-init', 'not json')),
    ]).toEqual([]);
  });
});
