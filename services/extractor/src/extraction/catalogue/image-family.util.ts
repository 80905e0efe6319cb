/**
 * One picture served in several sizes by a CMS or an image CDN has URLs that differ only in the size or format
 * they ask for. Its family key is the URL with those parts taken out, so the page's copies of one picture count
 * as one image (the largest shown). Undefined for a URL no rule knows: most URLs are their own family.
 */
export function imageFamilyKey(url: string): string | undefined {
  if (url.startsWith('data:') || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  for (const rule of FAMILY_RULES) {
    const key = rule(parsed, parsed.hostname.toLowerCase(), parsed.pathname);
    if (key !== undefined) return key;
  }
  return undefined;
}

type FamilyRule = (url: URL, host: string, path: string) => string | undefined;

const hostIs = (host: string, ...domains: string[]) =>
  domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
const withoutQuery = (url: URL) => `http://${url.host}${url.pathname}`;
/** A size suffix just before the extension: `name<suffix>.jpg` → `name.jpg`. */
const withoutSuffix = (address: string, suffix: RegExp) =>
  address.replace(new RegExp(`(?:${suffix.source})(?=\\.[a-z0-9]+$)`, 'i'), '');

/** A segment of Cloudinary transformation parameters (`c_fill,w_400,q_auto:good`), by their documented names. */
const CLOUDINARY_PARAMETER = '(?:a|ac|af|ar|b|bo|c|co|cs|d|dl|dn|dpr|e|f|fl|g|h|l|o|pg|q|r|t|u|w|x|y|z)_[^/,]+';
const CLOUDINARY_TRANSFORMATION = new RegExp(`^${CLOUDINARY_PARAMETER}(?:,${CLOUDINARY_PARAMETER})*$`);
const SHOPIFY_SIZE_PARAMETERS = new Set(['width', 'height', 'crop', 'pad_color', 'format', 'v']);

/**
 * MediaWiki's files (every wiki, not only Wikipedia's hosts): `<root>/a/ab/Name.jpg`, and its thumbnails
 * `<root>/thumb/a/ab/Name.jpg/220px-Name.jpg` (`page1-220px-…`, an SVG's `…/220px-Name.svg.png`). The two hash
 * folders, the second starting with the first, are what tell such a path.
 */
const MEDIAWIKI_FILE =
  /^(.*?)(?:\/thumb)?\/([0-9a-f])\/(\2[0-9a-f])\/([^/]+)(?:\/(?:(?:lossy-|lossless-)?page\d+-)?\d+px-[^/]+)?$/;

const FAMILY_RULES: FamilyRule[] = [
  (_url, host, path) => {
    const file = MEDIAWIKI_FILE.exec(path);
    return file ? `mediawiki:${host}${file[1]}/${file[2]}/${file[3]}/${file[4]}` : undefined;
  },
  // Next.js's optimiser: `/_next/image?url=/photos/hero.jpg&w=640` is the source file at a width.
  (url, _host, path) => {
    const source = path.endsWith('/_next/image') ? url.searchParams.get('url') : null;
    if (!source || !URL.canParse(source, url)) return undefined;
    const file = new URL(source, url);
    return imageFamilyKey(file.href) ?? withoutQuery(file);
  },
  // Wix: `/media/<id>` and `/media/<id>/v1/fill/w_147,h_98,…,blur_2/<name>` (its blurred stand-in included).
  (_url, host, path) => {
    const id = host === 'static.wixstatic.com' ? /^\/media\/([^/]+)(?:$|\/v1\/)/.exec(path)?.[1] : undefined;
    return id && `wix:${id}`;
  },
  // Cloudinary: transformation segments and the version go, the public id stays (its format may be f_auto's).
  (_url, host, path) => {
    const match = host === 'res.cloudinary.com' && /^\/([^/]+)\/image\/(?:upload|fetch|private)\/(.+)$/.exec(path);
    if (!match) return undefined;
    const id = match[2]
      .split('/')
      .filter((segment) => !CLOUDINARY_TRANSFORMATION.test(segment) && !/^v\d+$/.test(segment));
    return `cloudinary:${match[1]}/${id.join('/').replace(/\.[a-z0-9]+$/i, '')}`;
  },
  // Medium: `/max/60/1*id.jpeg?q=20` previews and `/v2/resize:fit:1400/format:webp/1*id.jpeg`.
  (_url, host, path) =>
    host === 'miro.medium.com' || /^cdn-images-\d\.medium\.com$/.test(host)
      ? `medium:${path.split('/').pop()}`
      : undefined,
  // Jetpack's Photon serves a WordPress upload at any size: `i0.wp.com/<site>/<path>?w=640`.
  (_url, host, path) => {
    const photon = /^i\d\.wp\.com$/.test(host) && /^\/([^/]+)(\/.+)$/.exec(path);
    return photon ? wordpressFamily(`http://${photon[1]}${photon[2]}`) : undefined;
  },
  // Resizers that take size and format from the query alone.
  (url, host) =>
    hostIs(
      host,
      'imgix.net',
      'images.ctfassets.net',
      'cdn.sanity.io',
      'images.unsplash.com',
      'images.prismic.io',
      'images.squarespace-cdn.com',
    )
      ? withoutQuery(url)
      : undefined,
  // Shopify: `?width=800` (and height, crop) or a `_800x`, `_1024x1024@2x`, `_grande` suffix.
  (url, host, path) => {
    if (host !== 'cdn.shopify.com' && !path.startsWith('/cdn/shop/')) return undefined;
    const kept = new URLSearchParams([...url.searchParams].filter(([name]) => !SHOPIFY_SIZE_PARAMETERS.has(name)));
    const file = withoutSuffix(
      path,
      /_(?:\d+x\d*|\d*x\d+|pico|icon|thumb|small|compact|medium|large|grande|master)(?:_crop_[a-z]+)?(?:@\dx)?/,
    );
    return `http://${host}${file}${kept.size ? `?${kept}` : ''}`;
  },
  // Webflow's responsive copies: `<name>-p-500.jpeg` is `<name>.jpeg`.
  (url, host) =>
    hostIs(host, 'website-files.com', 'webflow.com') ? withoutSuffix(withoutQuery(url), /-p-\d+/) : undefined,
  // Ghost: `/content/images/size/w600/format/webp/2024/05/photo.jpg` is `/content/images/2024/05/photo.jpg`.
  (url, _host, path) =>
    path.includes('/content/images/')
      ? withoutQuery(url).replace(/\/content\/images\/size\/w\d+(?:h\d+)?(?:\/format\/[a-z]+)?\//, '/content/images/')
      : undefined,
  // Drupal image styles: `/files/styles/<style>/public/2024-05/photo.jpg?itok=…` is `/files/2024-05/photo.jpg`.
  (url, _host, path) =>
    /\/sites\/[^/]+\/files\//.test(path)
      ? withoutQuery(url).replace(/\/files\/styles\/[^/]+\/public\//, '/files/')
      : undefined,
  // Blogger and Google's photo hosts: `/s320/`, `/w640-h480/` segments and `=s1600` / `=w640-h480-c` endings.
  (url, host) =>
    hostIs(host, 'blogger.googleusercontent.com', 'bp.blogspot.com', 'ggpht.com') ||
    /^lh\d\.googleusercontent\.com$/.test(host)
      ? withoutQuery(url)
          .replace(/\/(?:[swh]\d+(?:-[a-z0-9-]+)?)(?=\/[^/]+$)/i, '')
          .replace(/=[swh]\d+[a-z0-9-]*$/i, '')
      : undefined,
  (url, _host, path) => (path.includes('/wp-content/uploads/') ? wordpressFamily(withoutQuery(url)) : undefined),
  // eBay: `/images/g/<id>/s-l140.jpg` and `s-l1600.webp` are one listing photo.
  (_url, host, path) => {
    const id = hostIs(host, 'ebayimg.com') ? /^\/images\/g\/([^/]+)\/s-l\d+\.[a-z]+$/i.exec(path)?.[1] : undefined;
    return id && `ebay:${id}`;
  },
  // Amazon: `/images/I/<id>._AC_US40_.jpg` and `<id>._AC_SL1500_.jpg` (and `<id>.jpg`) are one product photo.
  (_url, host, path) => {
    const id = hostIs(host, 'media-amazon.com', 'ssl-images-amazon.com', 'images-amazon.com')
      ? /^\/images\/I\/([^./]+)\.(?:_[^/]*_\.)?[a-z]+$/i.exec(path)?.[1]
      : undefined;
    return id && `amazon:${id}`;
  },
  // Etsy: `il_75x75.<id>_<hash>.jpg`, `il_794xN.…` and `il_fullxfull.…` are one listing photo.
  (_url, host, path) => {
    const id = hostIs(host, 'etsystatic.com') ? /\/il_[^./]+\.(\d+_[a-z0-9]+)\.[a-z]+$/i.exec(path)?.[1] : undefined;
    return id && `etsy:${id}`;
  },
  // Magento's resized copies: `/media/catalog/product/cache/<32-hex>/m/b/mb01.jpg` is `/media/catalog/product/m/b/mb01.jpg`.
  (url, _host, path) =>
    path.includes('/media/catalog/product/')
      ? withoutQuery(url).replace(/\/catalog\/product\/cache\/[0-9a-f]{32}\//i, '/catalog/product/')
      : undefined,
  // PrestaShop's image types: `/12-home_default/shirt.jpg` and `/img/p/1/2/12-large_default.jpg` are image 12.
  (url, _host, path) =>
    /\/\d+-[a-z0-9_]+_default(?:\/|\.)/i.test(path)
      ? withoutQuery(url).replace(/(\/\d+)-[a-z0-9_]+_default(?=\/|\.)/i, '$1')
      : undefined,
];

/** WordPress's generated sizes: `photo-300x200.jpg`, `photo-scaled.jpg` and `photo-1024x683@2x.jpg` are `photo.jpg`. */
function wordpressFamily(address: string): string {
  return withoutSuffix(address, /(?:-\d+x\d+|-scaled)(?:@\dx)?/);
}
