import { AppException } from '@pixtract/service-kit';
import type { CrawlFile } from '@pixtract/contracts';
import { crawlArchiveImages } from './crawl-archive';

const page1 = 'https://shop.example/gallery';
const page2 = 'https://shop.example/gallery?page=2';
const fox: CrawlFile = {
  fileUrl: 'https://shop.example/fox-400.jpg',
  alt: 'Fox',
  width: 400,
  height: 300,
  variants: [{ fileUrl: 'https://shop.example/fox-1600.jpg', width: 1600, height: 1200 }],
  pageUrls: [page1, page2],
};
const owl: CrawlFile = { fileUrl: 'https://shop.example/owl.png', alt: 'Owl', pageUrls: [page2] };

describe('crawlArchiveImages', () => {
  it('takes each chosen image as the crawl stored it, in the order chosen, pages included', () => {
    expect(crawlArchiveImages([fox, owl], [owl.fileUrl, fox.fileUrl])).toEqual([
      { fileUrl: owl.fileUrl, alt: 'Owl', pageUrls: [page2] },
      { ...fox },
    ]);
  });

  it('takes another size of a picture with the picture’s words, pages and other renditions', () => {
    expect(crawlArchiveImages([fox], ['https://shop.example/fox-1600.jpg'])).toEqual([
      {
        fileUrl: 'https://shop.example/fox-1600.jpg',
        width: 1600,
        height: 1200,
        alt: 'Fox',
        pageUrls: [page1, page2],
        variants: [{ fileUrl: fox.fileUrl, width: 400, height: 300 }],
      },
    ]);
  });

  it('files an image found on several pages under the page the Page filter shows', () => {
    expect(crawlArchiveImages([fox, owl], [fox.fileUrl, owl.fileUrl], page2)).toEqual([
      { ...fox, pageUrls: [page2, page1] },
      { fileUrl: owl.fileUrl, alt: 'Owl', pageUrls: [page2] },
    ]);
    // The filter names a page the image was not found on: its pages stay as found.
    expect(crawlArchiveImages([owl], [owl.fileUrl], page1)).toEqual([owl]);
  });

  it('refuses an address the crawl did not find, in the catalogue’s words', () => {
    const choosing = () => crawlArchiveImages([fox], [fox.fileUrl, 'https://elsewhere.example/cat.jpg']);
    expect(choosing).toThrow(AppException);
    expect(choosing).toThrow(expect.objectContaining({ code: 'IMAGE_NOT_IN_CRAWL' }));
  });
});
