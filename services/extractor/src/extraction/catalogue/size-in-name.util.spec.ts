import { sizeInName } from './size-in-name.util';

describe('sizeInName', () => {
  it.each([
    ['https://a.test/wp-content/uploads/2024/05/bridge-300x200.jpg', { width: 300, height: 200 }],
    ['https://a.test/wp-content/uploads/2024/05/bridge-1024x683@2x.jpg', { width: 2048, height: 1366 }],
    ['https://cdn.shopify.com/s/files/1/shoe_800x.jpg?v=1', { width: 800 }],
    ['https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Bridge.jpg/220px-Bridge.jpg', { width: 220 }],
    ['https://i0.wp.com/a.test/photo.jpg?w=640', { width: 640 }],
    ['https://a.imgix.net/hero.jpg?width=1200&height=630&fit=crop', { width: 1200, height: 630 }],
  ])('reads the size %s names', (url, size) => {
    expect(sizeInName(url)).toEqual(size);
  });

  it.each([
    'https://a.test/photos/2024-05.jpg',
    'https://a.test/v2-release.png',
    'https://a.test/a.jpg?w=wide',
    'data:image/png;base64,iVBORw0KGgo=',
  ])('names no size in %s', (url) => {
    expect(sizeInName(url)).toEqual({});
  });
});
