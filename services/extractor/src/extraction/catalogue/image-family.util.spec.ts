import { imageFamilyKey } from './image-family.util';

describe('imageFamilyKey', () => {
  it.each([
    [
      'Shopify width parameter',
      'https://cdn.shopify.com/s/files/1/0/files/shoe.jpg?v=17&width=200',
      'https://cdn.shopify.com/s/files/1/0/files/shoe.jpg?v=17&width=1600',
    ],
    [
      'Shopify size suffix',
      'https://cdn.shopify.com/s/files/1/0/products/shoe_320x.jpg?v=17',
      'https://cdn.shopify.com/s/files/1/0/products/shoe_1024x1024@2x.jpg?v=17',
    ],
    [
      "Shopify's own-domain path",
      'https://shop.test/cdn/shop/files/shoe.jpg?width=100',
      'https://shop.test/cdn/shop/files/shoe.jpg?width=900&height=900&crop=center',
    ],
    [
      'WordPress thumbnail and original',
      'https://blog.test/wp-content/uploads/2024/05/bridge-300x200.jpg',
      'https://blog.test/wp-content/uploads/2024/05/bridge.jpg',
    ],
    [
      'WordPress scaled copy',
      'https://blog.test/wp-content/uploads/2024/05/bridge-scaled.jpg',
      'https://blog.test/wp-content/uploads/2024/05/bridge-1024x683.jpg',
    ],
    [
      "Jetpack's Photon and the upload",
      'https://i0.wp.com/blog.test/wp-content/uploads/2024/05/bridge.jpg?w=640&ssl=1',
      'https://blog.test/wp-content/uploads/2024/05/bridge-768x512.jpg',
    ],
    [
      "Wix's blurred stand-in and its picture",
      'https://static.wixstatic.com/media/a1b2_c3~mv2.jpg/v1/fill/w_147,h_98,al_c,q_80,blur_2,enc_auto/a1b2_c3~mv2.jpg',
      'https://static.wixstatic.com/media/a1b2_c3~mv2.jpg/v1/fill/w_1200,h_800,al_c,q_90,enc_auto/a1b2_c3~mv2.jpg',
    ],
    [
      'Cloudinary transformations and format',
      'https://res.cloudinary.com/demo/image/upload/c_fill,w_300/f_auto,q_auto:good/v1699/trips/alps.jpg',
      'https://res.cloudinary.com/demo/image/upload/w_1600/trips/alps.webp',
    ],
    [
      'imgix query',
      'https://studio.imgix.net/hero.jpg?w=400&auto=format',
      'https://studio.imgix.net/hero.jpg?w=2000&dpr=2',
    ],
    [
      'Next.js image optimiser and its source',
      'https://app.test/_next/image?url=%2Fphotos%2Fhero.jpg&w=640&q=75',
      'https://app.test/_next/image?url=%2Fphotos%2Fhero.jpg&w=3840&q=75',
    ],
    [
      'Squarespace format parameter',
      'https://images.squarespace-cdn.com/content/v1/5f/abc/hero.jpg?format=300w',
      'https://images.squarespace-cdn.com/content/v1/5f/abc/hero.jpg?format=2500w',
    ],
    [
      "Webflow's responsive copy",
      'https://cdn.prod.website-files.com/64ab/64cd_team-p-500.jpeg',
      'https://cdn.prod.website-files.com/64ab/64cd_team.jpeg',
    ],
    [
      'Ghost size folders',
      'https://blog.test/content/images/size/w600/format/webp/2024/05/photo.jpg',
      'https://blog.test/content/images/2024/05/photo.jpg',
    ],
    [
      'Drupal image styles',
      'https://site.test/sites/default/files/styles/large/public/2024-05/photo.jpg?itok=Ab12',
      'https://site.test/sites/default/files/2024-05/photo.jpg',
    ],
    [
      'Blogger size segments',
      'https://blogger.googleusercontent.com/img/b/R29v/AVvX/s320/photo.jpg',
      'https://blogger.googleusercontent.com/img/b/R29v/AVvX/w640-h426/photo.jpg',
    ],
    [
      "Google photo hosts' size endings",
      'https://lh3.googleusercontent.com/AbCd=w640-h480-c',
      'https://lh3.googleusercontent.com/AbCd=s1600',
    ],
    [
      "Wix's original and a copy",
      'https://static.wixstatic.com/media/a1b2_c3~mv2.jpg',
      'https://static.wixstatic.com/media/a1b2_c3~mv2.jpg/v1/fill/w_980,h_653/a1b2_c3~mv2.jpg',
    ],
    [
      "Medium's older host",
      'https://cdn-images-1.medium.com/max/60/1*AbC.jpeg',
      'https://miro.medium.com/v2/resize:fit:1400/1*AbC.jpeg',
    ],
    [
      'PrestaShop image types (friendly URLs)',
      'https://shop.test/12-home_default/hummingbird-shirt.jpg',
      'https://shop.test/12-large_default/hummingbird-shirt.jpg',
    ],
    [
      'PrestaShop image types (plain URLs)',
      'https://shop.test/img/p/1/2/12-home_default.jpg',
      'https://shop.test/img/p/1/2/12-large_default.jpg',
    ],
    [
      "Medium's preview and its picture",
      'https://miro.medium.com/max/60/1*AbC.jpeg?q=20',
      'https://miro.medium.com/v2/resize:fit:1400/format:webp/1*AbC.jpeg',
    ],
    [
      "eBay's listing sizes",
      'https://i.ebayimg.com/images/g/AbCdEfGh/s-l140.jpg',
      'https://i.ebayimg.com/images/g/AbCdEfGh/s-l1600.webp',
    ],
    [
      "Amazon's size codes",
      'https://m.media-amazon.com/images/I/41abcDEF12L._AC_US40_.jpg',
      'https://m.media-amazon.com/images/I/41abcDEF12L._AC_SL1500_.jpg',
    ],
    [
      "Etsy's listing sizes",
      'https://i.etsystatic.com/12345/r/il/a1b2c3/987654321/il_75x75.987654321_ab12.jpg',
      'https://i.etsystatic.com/12345/r/il/a1b2c3/987654321/il_fullxfull.987654321_ab12.jpg',
    ],
    [
      "Magento's resized copy and the original",
      'https://shop.test/media/catalog/product/cache/0f831c1845fc143d00d6d1ebc49f446a/m/b/mb01-blue-0.jpg',
      'https://shop.test/media/catalog/product/m/b/mb01-blue-0.jpg',
    ],
    [
      "MediaWiki's thumbnail and its file",
      'https://upload.wikimedia.org/wikipedia/commons/thumb/0/0c/GoldenGateBridge.jpg/290px-GoldenGateBridge.jpg',
      'https://upload.wikimedia.org/wikipedia/commons/0/0c/GoldenGateBridge.jpg',
    ],
    [
      "MediaWiki's thumbnails at two sizes (1.5x and og:image)",
      'https://upload.wikimedia.org/wikipedia/commons/thumb/0/0c/GoldenGateBridge.jpg/435px-GoldenGateBridge.jpg',
      'https://upload.wikimedia.org/wikipedia/commons/thumb/0/0c/GoldenGateBridge.jpg/1200px-GoldenGateBridge.jpg',
    ],
    [
      "a self-hosted wiki's SVG drawn as PNG thumbnails",
      'https://wiki.test/w/images/thumb/a/a3/Map.svg/120px-Map.svg.png',
      'https://wiki.test/w/images/thumb/a/a3/Map.svg/800px-Map.svg.png',
    ],
  ])('%s are one picture', (_case, one, other) => {
    expect(imageFamilyKey(one)).toBeDefined();
    expect(imageFamilyKey(one)).toBe(imageFamilyKey(other));
  });

  it.each([
    [
      'two Shopify products',
      'https://cdn.shopify.com/s/files/1/0/files/shoe.jpg?width=200',
      'https://cdn.shopify.com/s/files/1/0/files/boot.jpg?width=200',
    ],
    [
      'two WordPress uploads',
      'https://blog.test/wp-content/uploads/2024/05/bridge-300x200.jpg',
      'https://blog.test/wp-content/uploads/2024/05/tower-300x200.jpg',
    ],
    [
      'two PrestaShop images',
      'https://shop.test/12-home_default/shirt.jpg',
      'https://shop.test/13-home_default/shirt.jpg',
    ],
    [
      'two Wix media',
      'https://static.wixstatic.com/media/a1b2~mv2.jpg/v1/fill/w_147/a.jpg',
      'https://static.wixstatic.com/media/ffff~mv2.jpg/v1/fill/w_147/a.jpg',
    ],
    [
      'a Cloudinary id in a folder named like a parameter, and the id without it',
      'https://res.cloudinary.com/demo/image/upload/my_album/alps.jpg',
      'https://res.cloudinary.com/demo/image/upload/alps.jpg',
    ],
    [
      'two MediaWiki files in one hash folder',
      'https://upload.wikimedia.org/wikipedia/commons/thumb/0/0c/Bridge.jpg/220px-Bridge.jpg',
      'https://upload.wikimedia.org/wikipedia/commons/thumb/0/0c/Tower.jpg/220px-Tower.jpg',
    ],
    [
      'the same MediaWiki name on two wikis',
      'https://upload.wikimedia.org/wikipedia/en/a/a9/Logo.png',
      'https://upload.wikimedia.org/wikipedia/commons/a/a9/Logo.png',
    ],
  ])('%s stay apart', (_case, one, other) => {
    expect(imageFamilyKey(one)).not.toBe(imageFamilyKey(other));
  });

  it('knows nothing of ordinary URLs, data: URIs and non-URLs', () => {
    expect(imageFamilyKey('https://a.test/photos/bridge-300x200.jpg')).toBeUndefined();
    // Two hash-like folders that are not MediaWiki's (the second does not start with the first).
    expect(imageFamilyKey('https://a.test/files/a/b3/photo.jpg')).toBeUndefined();
    expect(imageFamilyKey('data:image/png;base64,AAAA')).toBeUndefined();
    expect(imageFamilyKey('not a url')).toBeUndefined();
  });
});
