import { attachmentDisposition, baseNameFromUrl, extensionFromUrl, hostLabel, imageDownloadName, sanitiseNamePart } from './image-file-name.util';

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

  it('takes the extension from the URL only when it is one of the seed list', () => {
    expect(extensionFromUrl('https://a.example/p/Photo.JPG?x=1#y')).toBe('jpg');
    expect(extensionFromUrl('https://a.example/logo.svg')).toBe('svg');
    expect(extensionFromUrl('https://a.example/image.php?id=3')).toBeUndefined();
    expect(extensionFromUrl('https://a.example/')).toBeUndefined();
    expect(extensionFromUrl('not a url')).toBeUndefined();
  });

  it('reads the base name and the host a file name may carry', () => {
    expect(baseNameFromUrl('https://a.example/img/red%20car.png')).toBe('red car');
    expect(hostLabel('http://[::1]:8080/x')).toBe('1');
    expect(hostLabel('https://Images.Example/x')).toBe('images.example');
    expect(hostLabel('nope')).toBeUndefined();
  });

  it('names a single download with host, base name and date', () => {
    const now = new Date('2025-03-04T23:59:00Z');
    expect(imageDownloadName('https://cdn.example/a/b/sunset.webp', 'webp', now)).toBe('cdn.example-sunset-2025-03-04.webp');
    expect(imageDownloadName('https://cdn.example/', 'png', now)).toBe('cdn.example-image-2025-03-04.png');
  });

  it('writes Content-Disposition with an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('a "b".zip')).toBe(`attachment; filename="a _b_.zip"; filename*=UTF-8''a%20%22b%22.zip`);
  });
});
