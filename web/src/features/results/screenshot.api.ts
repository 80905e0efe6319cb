import type { ExtractedFile, ImageBox, ScreenshotBoxes } from '@pixtract/contracts';
import { api } from '../../app/api';

const screenshotApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Where each image of the page sits in its cached screenshot (asked once the screenshot has loaded). */
    getScreenshotBoxes: build.query<ScreenshotBoxes, string>({
      query: (pageUrl) => `/screenshot-boxes?${new URLSearchParams({ url: pageUrl })}`,
    }),
  }),
});

export const { useGetScreenshotBoxesQuery } = screenshotApi;

/** The image's box in the screenshot: under its own URL, else under another candidate of the same picture. */
export function boxInScreenshot(
  file: Pick<ExtractedFile, 'fileUrl' | 'variants'>,
  boxes: ScreenshotBoxes['boxes'],
): ImageBox | undefined {
  for (const url of [file.fileUrl, ...(file.variants ?? []).map((variant) => variant.fileUrl)])
    if (Object.hasOwn(boxes, url)) return boxes[url];
  return undefined;
}
