import { ErrorCode } from '@pixtract/contracts';
import { SafeFetchError } from '@pixtract/safe-fetch';
import type { CataloguedImage } from '../catalogue/image-catalogue';
import { Measured, MeasuringSession } from './measuring-session';

const image = (n: number, extra: Partial<CataloguedImage> = {}): CataloguedImage => ({
  url: `https://a.test/${n}.png`,
  key: `https://a.test/${n}.png`,
  domIndex: n,
  sourceNode: 'img',
  duplicate: false,
  ...extra,
});
const png = (width: number): Measured => ({
  header: { width, height: width, mimeType: 'image/png' },
  bytes: 100 + width,
});

describe('MeasuringSession', () => {
  it('measures each image once however often it is asked, never more than 24 at a time, and tells its progress', async () => {
    let inFlight = 0;
    let most = 0;
    const asked: string[] = [];
    const session = new MeasuringSession(
      async (target) => {
        asked.push(target.key);
        most = Math.max(most, (inFlight += 1));
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return png(target.domIndex);
      },
      Date.now() + 5_000,
      () => undefined,
    );
    const early = Array.from({ length: 30 }, (_unused, n) => image(n + 1));
    const all = Array.from({ length: 40 }, (_unused, n) => image(n + 1));
    void session.measure(early);
    const progress: number[] = [];
    await session.measure(all, (done, total) => progress.push(done / total));
    session.end();
    expect(progress).toEqual(all.map((_one, n) => (n + 1) / all.length));
    expect(asked.sort()).toEqual(all.map((one) => one.key).sort());
    expect(most).toBe(24);
    expect(all.map((one) => one.width)).toEqual(all.map((one) => one.domIndex));
  });

  it('answers refused addresses and gone files, leaves what failed or ran out of time unmeasured', async () => {
    const session = new MeasuringSession(
      async (target, signal) => {
        if (target.domIndex === 1) throw new SafeFetchError(ErrorCode.BlockedAddress);
        if (target.domIndex === 4) return { gone: true };
        if (target.domIndex === 5) return png(5);
        if (target.domIndex === 2) throw new Error('reset');
        // A probe that never answers: the deadline aborts it.
        return new Promise<Measured>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      },
      Date.now() + 50,
      () => undefined,
    );
    const images = [image(1), image(2), image(3), image(4), image(5)];
    expect(await session.measure(images)).toEqual({
      notImages: new Set(['https://a.test/1.png', 'https://a.test/4.png']),
      outOfTime: new Set(['https://a.test/3.png']),
    });
    expect(images.map((one) => one.width)).toEqual([undefined, undefined, undefined, undefined, 5]);
    session.end();
  });

  it('counts the copies of a picture in other sizes as one image, the largest, and never lets a gone one take them along', async () => {
    const upload = 'https://blog.test/wp-content/uploads/2024/05/';
    const copy = (name: string, domIndex: number): CataloguedImage => ({
      url: `${upload}${name}`,
      key: `${upload}${name}`,
      domIndex,
      sourceNode: 'img',
      duplicate: false,
    });
    const widths: Record<string, number> = {
      'bridge-300x200.jpg': 300,
      'bridge-1024x683.jpg': 1024,
      'tower-300x200.jpg': 300,
    };
    const session = new MeasuringSession(
      async (target) =>
        target.url.endsWith('/bridge.jpg') || target.url.endsWith('/tower.jpg')
          ? { gone: true }
          : png(widths[target.url.slice(upload.length)]),
      Date.now() + 5_000,
      () => undefined,
    );
    const images = [
      copy('bridge-300x200.jpg', 1),
      copy('bridge.jpg', 2),
      copy('bridge-1024x683.jpg', 3),
      copy('tower-300x200.jpg', 4),
      copy('tower.jpg', 5),
    ];
    await session.measure(images);
    session.end();
    expect(images.map((one) => one.duplicate)).toEqual([true, false, false, false, false]);
    expect(images[0].renditionOf).toBe(`${upload}bridge-1024x683.jpg`);
  });

  it('measures a thumbnail whose full-size link proved gone: it stands alone, with its size', async () => {
    const session = new MeasuringSession(
      async (target) => (target.domIndex === 2 ? { gone: true } : png(target.domIndex * 100)),
      Date.now() + 5_000,
      () => undefined,
    );
    const link = image(2, { sourceNode: 'link' });
    const thumbnail = image(3, { duplicate: true, renditionOf: link.key });
    const outcome = await session.measure([link, thumbnail]);
    session.end();
    expect(outcome.notImages).toEqual(new Set([link.key]));
    expect(thumbnail).toMatchObject({ duplicate: false, width: 300, height: 300, mimeType: 'image/png', bytes: 400 });
    expect(thumbnail.renditionOf).toBeUndefined();
  });

  it("takes an SVG's own size (its viewBox) over the default box a browser gives one without width and height", async () => {
    const session = new MeasuringSession(
      async (target) =>
        target.domIndex === 1 ? { header: { width: 240, height: 60, mimeType: 'image/svg+xml' } } : png(8),
      Date.now() + 5_000,
      () => undefined,
    );
    const logo = image(1, { width: 300, height: 75 });
    const photo = image(2, { width: 16, height: 16 });
    await session.measure([logo, photo]);
    session.end();
    expect([logo.width, logo.height, photo.width, photo.height]).toEqual([240, 60, 16, 16]);
  });

  it('gives images asked for after a slow start the deadline it is moved to', async () => {
    const slowProbe = (_target: CataloguedImage, signal: AbortSignal) =>
      new Promise<Measured>((resolve, reject) => {
        const timer = setTimeout(() => resolve(png(7)), 100);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    const session = new MeasuringSession(slowProbe, Date.now() + 30, () => undefined);
    session.extendTo(Date.now() + 2_000);
    const images = [image(7)];
    await session.measure(images);
    session.end();
    expect(images[0].width).toBe(7);
  });
});
