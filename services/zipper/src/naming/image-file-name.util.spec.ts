import { baseNameFromUrl, sanitiseNamePart } from '@pixtract/contracts';
import { attachmentDisposition, hostLabel, imageDownloadName, savedExtension } from './image-file-name.util';

describe('image file names', () => {
  it.each([
    ['../../x', 'x'],
    ['/etc/x', 'etc_x'],
    ['C:\\x', 'C_x'],
    ['CON.jpg', 'CON_jpg'],
    ['\u202Egpj.exe', 'gpj_exe'],
    ['Red car (2024)!', 'Red_car_2024'],
    ['', ''],
    ['a'.repeat(300), 'a'.repeat(30)],
    [`${'b'.repeat(29)} tail`, 'b'.repeat(29)],
  ])('sanitises %p to %p: alphanumerics and underscores, at most 30', (text, expected) => {
    expect(sanitiseNamePart(text)).toBe(expected);
  });

  it.each([
    ['https://a.example/p/Photo.JPG?x=1#y', 'jpeg', 'jpg'],
    ['https://a.example/p/photo.jpeg', 'jpeg', 'jpeg'],
    ['https://a.example/logo.svg', 'svg', 'svg'],
    ['https://res.cloudinary.example/image/upload/f_auto/photo.jpg', 'webp', 'webp'],
    ['https://static.wix.example/media/photo.jpg', 'avif', 'avif'],
    ['https://a.example/really-a.jpg', 'png', 'png'],
    ['https://a.example/scan.tif', 'tiff', 'tiff'],
    ['https://a.example/image.php?id=3', 'gif', 'gif'],
    ['https://a.example/', 'png', 'png'],
    ['not a url', 'jpeg', 'jpg'],
  ] as const)(
    'saves %s, whose bytes are %s, as .%s: the URL lends its extension only when it names that format',
    (url, format, extension) => {
      expect(savedExtension(url, format)).toBe(extension);
    },
  );

  it('reads the base name and the host a file name may carry', () => {
    expect(baseNameFromUrl('https://a.example/img/red%20car.png')).toBe('red car');
    expect(hostLabel('http://[::1]:8080/x')).toBe('1');
    expect(hostLabel('https://Images.Example/x')).toBe('images.example');
    expect(hostLabel('nope')).toBeUndefined();
  });

  it('names a single download with host, base name and date', () => {
    const now = new Date('2025-03-04T23:59:00Z');
    expect(imageDownloadName('https://cdn.example/a/b/sunset.webp', 'webp', now)).toBe(
      'cdn.example-sunset-2025-03-04.webp',
    );
    expect(imageDownloadName('https://cdn.example/', 'png', now)).toBe('cdn.example-image-2025-03-04.png');
  });

  it('writes Content-Disposition with an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('a "b".zip')).toBe(
      `attachment; filename="a _b_.zip"; filename*=UTF-8''a%20%22b%22.zip`,
    );
  });
});
