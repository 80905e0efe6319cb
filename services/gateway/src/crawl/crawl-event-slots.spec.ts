import { CRAWL_EVENTS_AT_ONCE, CrawlEventSlots } from './crawl-event-slots';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('CrawlEventSlots', () => {
  it(`runs at most ${CRAWL_EVENTS_AT_ONCE} pieces of work at once, the rest in arrival order`, async () => {
    const slots = new CrawlEventSlots();
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const all = Array.from({ length: 5 }, (_, n) =>
      slots.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(n);
            finish[n] = () => resolve(n);
          }),
      ),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    finish[1]();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    finish[0]();
    finish[2]();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish[3]();
    finish[4]();
    await expect(Promise.all(all)).resolves.toEqual([0, 1, 2, 3, 4]);
  });

  it('frees the slot of work that failed', async () => {
    const slots = new CrawlEventSlots();
    await Promise.all(
      Array.from({ length: CRAWL_EVENTS_AT_ONCE }, () =>
        expect(slots.run(() => Promise.reject(new Error('lost')))).rejects.toThrow('lost'),
      ),
    );
    await expect(slots.run(() => Promise.resolve('after'))).resolves.toBe('after');
  });
});
