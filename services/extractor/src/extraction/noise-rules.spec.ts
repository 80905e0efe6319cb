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
  ])('%s is noise (%s)', (url, reason) => {
    expect(noiseReasonOfUrl(url)).toBe(reason);
  });

  it('counts a server script as a picture only where the page shows it as one', () => {
    expect(noiseReasonOfUrl('https://a.test/timthumb.php?src=/a.jpg&w=300', true)).toBeUndefined();
    expect(noiseReasonOfUrl('https://a.test/GetImage.aspx?id=7', true)).toBeUndefined();
    expect(noiseReasonOfUrl('https://a.test/page.html', true)).toBe('not an image file');
  });

  it.each(['https://a.test/tr/images/flag', 'https://a.test/analytics/charts/q3.gif', 'https://a.test/loading-dock/bay.jpg', 'https://a.test/pixel-art.png', 'https://a.test/photos/track/cover.png', 'https://a.test/image?id=42', 'https://cdn.a.test/p/1200x630', 'data:image/gif;base64,R0lGOD'])(
    '%s may be content',
    (url) => {
      expect(noiseReasonOfUrl(url)).toBeUndefined();
    },
  );
});

describe('isNoiseSize', () => {
  it('drops pixels, hairlines and specks, keeps icons and unknown sizes', () => {
    expect([isNoiseSize(1, 1), isNoiseSize(900, 2), isNoiseSize(8, 8), isNoiseSize(16, 16), isNoiseSize(undefined, undefined)]).toEqual([true, true, true, false, false]);
  });
});
