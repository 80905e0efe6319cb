import { isNoiseSize, noiseReasonOfUrl } from './noise-rules';

describe('noiseReasonOfUrl', () => {
  it.each([
    ['https://a.test/app.js', 'not an image file'],
    ['https://a.test/page.html', 'not an image file'],
    ['https://a.test/theme.css?v=2', 'not an image file'],
    ['https://a.test/doc.pdf', 'not an image file'],
    ['https://a.test/img/placeholder.png', 'placeholder or tracking image'],
    ['https://a.test/img/spinner.gif', 'placeholder or tracking image'],
    ['https://a.test/loading.gif', 'placeholder or tracking image'],
    ['https://a.test/1x1.gif', 'placeholder or tracking image'],
    ['https://a.test/', 'bare host'],
    ['https://www.facebook.com/tr?id=1&ev=PageView', 'tracking host'],
    ['https://a.test/collect?v=1&tid=UA-1', 'tracking image'],
    ['https://a.test/g/collect?v=2', 'tracking image'],
    ['https://a.test/attachment.php?id=3', 'not an image file'],
    ['https://s.w.org/images/core/emoji/15.0.3/svg/1f600.svg', 'emoji'],
    ['https://s.w.org/images/core/emoji/15.0.3/72x72/1f469-1f3fd-200d-1f4bb.png', 'emoji'],
    ['https://cdn.jsdelivr.net/gh/twitter/twemoji@14.0.2/assets/svg/2764.svg', 'emoji'],
    ['https://forum.test/images/emoji/twitter/beer.png?v=12', 'emoji'],
    ['https://forum.test/images/smilies/icon_e_smile.gif', 'emoji'],
    ['https://a.test/_ipx/q_50&blur_3&s_10x10/img/chair.jpg', 'blurred preview'],
    ['https://res.cloudinary.com/demo/image/upload/e_blur:1000,q_1,w_40/sample.jpg', 'blurred preview'],
    ['https://a.imgix.net/hero.jpg?w=40&blur=200', 'blurred preview'],
    ['https://cdn.sanity.io/images/p/d/abc-1600x900.jpg?w=20&blur=50', 'blurred preview'],
  ])('%s is noise (%s)', (url, reason) => {
    expect(noiseReasonOfUrl(url)).toBe(reason);
  });

  it("leaves a file with a page's name that the page shows as a picture to its response (a hit counter's badge)", () => {
    expect(noiseReasonOfUrl('https://counter.test/count/entry.html', true)).toBeUndefined();
    expect(noiseReasonOfUrl('https://counter.test/count/entry.html')).toBe('not an image file');
  });

  it.each([
    'Spinner-1s-200px.gif',
    'spinner-2x.gif',
    'preloader-100x100.gif',
    'woocommerce-placeholder-300x300.png',
    'ajax-loader@2x.gif',
    'ajaxloader.gif',
    'loading_spinner.gif',
    'default-placeholder.png',
    'img-placeholder-600x400.jpg',
    'placeholderImage.png',
    'loader-white.svg',
    'no-image.png',
    'no_image_available.jpg',
    'noimage.gif',
    'image-coming-soon.png',
    'image-not-found.png',
    'lazy-load.gif',
    'throbber.gif',
    'app-placeholder.svg',
    'product-placeholder.png',
    'avatar_placeholder.png',
    'page-loader.gif',
    'default-avatar.png',
    'avatar-default-96x96.png',
    'blank-profile-picture.png',
    'no_avatar.gif',
    'mystery-man.jpg',
    'default_user_image.jpg',
    'bx_loader.gif',
    'ui-spinner.gif',
    'loading-DkS3f9aP.gif',
    'spinner.4f2a9c1b.svg',
    'shimmer-400x20.gif',
    'skeleton-shimmer.gif',
    'loader-ring.gif',
    'ring-loader.svg',
    'spinner-dual-ring-64px.gif',
    'loading-dots.gif',
    'circle-spinner.gif',
  ])('stand-in %s keeps its name with plugin words, sizes and shades around it', (file) => {
    expect(noiseReasonOfUrl(`https://a.test/wp-content/uploads/${file}`)).toBe('placeholder or tracking image');
  });

  it.each([
    'loading-dock.jpg',
    'fidget-spinner.jpg',
    'spinner-dolphin.jpg',
    'blank-canvas-art.jpg',
    'pixel-art-castle.png',
    'transparent-watercolor.png',
    'lazy-river.jpg',
    'empty-beach.jpg',
    'clear-sky.jpg',
    'tracker-bike.jpg',
    'pixel-300x300.jpg',
    'blank-600x600.jpg',
    'default-image.png',
    'coming-soon.jpg',
    'hqdefault.jpg',
    'app-store-badge.png',
    'product-shot.jpg',
    'avatar.jpg',
    'user-jane.jpg',
    'profile-photo.jpg',
    'emoji-keyboard.png',
    'loading-dockside.jpg',
    'spinner-dolphins.jpg',
    'my-fidget-spinner.jpg',
  ])('%s is content though it starts or ends like a stand-in', (file) => {
    expect(noiseReasonOfUrl(`https://a.test/wp-content/uploads/${file}`)).toBeUndefined();
  });

  it.each([
    [
      "Gatsby's sizer",
      "data:image/svg+xml;charset=utf-8,%3Csvg%20height='800'%20width='1200'%20xmlns='http://www.w3.org/2000/svg'%20version='1.1'%3E%3C/svg%3E",
    ],
    [
      "Next.js's sizer",
      'data:image/svg+xml,%3csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20version=%271.1%27%20width=%27800%27%20height=%27600%27/%3e',
    ],
    [
      'a transparent box',
      `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="100%" height="100%" fill="transparent"/></svg>').toString('base64')}`,
    ],
    [
      "Next.js's blur-up preview",
      "data:image/svg+xml;charset=utf-8,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1200 800'%3E%3Cfilter id='b' color-interpolation-filters='sRGB'%3E%3CfeGaussianBlur stdDeviation='20'/%3E%3C/filter%3E%3Cimage preserveAspectRatio='none' filter='url(%23b)' x='0' y='0' height='100%25' width='100%25' href='data:image/jpeg;base64,/9j/2wBDAAYEBQY'/%3E%3C/svg%3E",
    ],
    [
      'an unencoded blur-up preview',
      "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'><filter id='b'><feGaussianBlur stdDeviation='20'/></filter><image style='filter: url(#b);' height='100%' width='100%' href='data:image/jpeg;base64,/9j/2w'/></svg>",
    ],
  ])('an SVG data: URI drawing nothing is noise: %s', (_, url) => {
    expect(noiseReasonOfUrl(url, true)).toBe('stand-in drawing');
  });

  it.each([
    [
      'a drawn icon',
      "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M2 2h20v20z'/%3E%3C/svg%3E",
    ],
    [
      'an unencoded drawing',
      "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='100%' height='100%'><circle r='4' fill='red'/></svg>",
    ],
    [
      'a sharp embedded picture',
      "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'><image href='data:image/jpeg;base64,/9j/2w'/></svg>",
    ],
    ['a raster data: URI', 'data:image/png;base64,iVBORw0KGgo='],
  ])('an SVG data: URI that draws is content: %s', (_, url) => {
    expect(noiseReasonOfUrl(url, true)).toBeUndefined();
  });

  it('counts a server script as a picture only where the page shows it as one', () => {
    expect(noiseReasonOfUrl('https://a.test/timthumb.php?src=/a.jpg&w=300', true)).toBeUndefined();
    expect(noiseReasonOfUrl('https://a.test/GetImage.aspx?id=7', true)).toBeUndefined();
    expect(noiseReasonOfUrl('https://a.test/app.js', true)).toBe('not an image file');
  });

  it.each([
    'https://a.test/tr/images/flag',
    'https://a.test/analytics/charts/q3.gif',
    'https://a.test/loading-dock/bay.jpg',
    'https://a.test/pixel-art.png',
    'https://a.test/photos/track/cover.png',
    'https://a.test/image?id=42',
    'https://cdn.a.test/p/1200x630',
    'https://a.test/blur_effects/lake.jpg',
    'https://a.imgix.net/hero.jpg?blur=0',
    'https://a.test/photos/blur_2024/lake.jpg',
    'https://a.test/blog/emoji-history/keyboard.jpg',
    'data:image/gif;base64,R0lGOD',
  ])('%s may be content', (url) => {
    expect(noiseReasonOfUrl(url)).toBeUndefined();
  });
});

describe('isNoiseSize', () => {
  it('reads no SVG data: URI longer than a stand-in could be: a hostile megabyte of markup is a drawing, at once', () => {
    const huge = `data:image/svg+xml,${encodeURIComponent(`<svg ${'a="b" '.repeat(100_000)}></svg>`)}`;
    expect(noiseReasonOfUrl(huge, true)).toBeUndefined();
  });

  it('drops pixels, hairlines and specks, keeps icons and unknown sizes', () => {
    expect([
      isNoiseSize(1, 1),
      isNoiseSize(900, 2),
      isNoiseSize(8, 8),
      isNoiseSize(16, 16),
      isNoiseSize(undefined, undefined),
    ]).toEqual([true, true, true, false, false]);
  });
});
