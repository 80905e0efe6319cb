import { act, renderHook } from '@testing-library/react';
import {
  DIRECT_LOAD_TIMEOUT_MS,
  LOAD_STAGGER_MS,
  PAGE_LOAD_TIMEOUT_MS,
  useImageLoading,
} from './use-image-loading.hook';

const source = 'https://example.com/';
const urls = ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png', 'https://cdn.example.com/c.png'];
const thumbnail = (url: string) =>
  `/api/proxy-image?url=${encodeURIComponent(url)}&sourceUrl=${encodeURIComponent(source)}&w=640`;

describe('the seed image loading rules', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const render = (page = urls) =>
    renderHook(({ page: current }) => useImageLoading(current, source), { initialProps: { page } });
  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

  it('starts each image 50 ms after the one before, directly', () => {
    const { result } = render();
    advance(0);
    expect(result.current.srcOf(urls[0])).toBe(urls[0]);
    expect(result.current.srcOf(urls[1])).toBeUndefined();
    advance(LOAD_STAGGER_MS);
    expect(result.current.srcOf(urls[1])).toBe(urls[1]);
    expect(result.current.statusOf(urls[2])).toBe('waiting');
  });

  it('switches to the proxied thumbnail on error, and fails when that errs too', () => {
    const { result } = render();
    advance(0);
    act(() => result.current.onError(urls[0]));
    expect(result.current.srcOf(urls[0])).toBe(thumbnail(urls[0]));
    expect(result.current.statusOf(urls[0])).toBe('loading');
    act(() => result.current.onError(urls[0]));
    expect(result.current.statusOf(urls[0])).toBe('failed');
  });

  it('switches to the proxy after 2 s without an answer', () => {
    const { result } = render();
    advance(DIRECT_LOAD_TIMEOUT_MS - 1);
    expect(result.current.srcOf(urls[0])).toBe(urls[0]);
    advance(1);
    expect(result.current.srcOf(urls[0])).toBe(thumbnail(urls[0]));
  });

  it('marks whatever has not loaded after 3 s as failed, and still shows a late arrival', () => {
    const { result } = render();
    advance(LOAD_STAGGER_MS * 2);
    act(() => result.current.onLoad(urls[1]));
    advance(PAGE_LOAD_TIMEOUT_MS);
    expect(urls.map(result.current.statusOf)).toEqual(['failed', 'loaded', 'failed']);
    act(() => result.current.onLoad(urls[2]));
    expect(result.current.statusOf(urls[2])).toBe('loaded');
  });

  it('starts over for a new page', () => {
    const { result, rerender } = render();
    advance(PAGE_LOAD_TIMEOUT_MS);
    rerender({ page: [urls[2]] });
    expect(result.current.statusOf(urls[2])).toBe('waiting');
    advance(0);
    expect(result.current.srcOf(urls[2])).toBe(urls[2]);
  });

  it('sends government, education and military hosts through the proxy from the start', () => {
    const { result } = render(['https://www.nasa.gov/a.jpg']);
    advance(0);
    expect(result.current.srcOf('https://www.nasa.gov/a.jpg')).toBe(thumbnail('https://www.nasa.gov/a.jpg'));
  });
});
