import type { ImageVariant } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { imageFileName } from './image-links';

/** "Also available: 1600 × 1067, 200 × 200" in the preview, each size a download of its own (`hrefOf`). */
export function OtherSizes({ sizes, hrefOf }: { sizes: ImageVariant[]; hrefOf: (variant: ImageVariant) => string }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-2">
      {sizes.map((variant) => {
        const size =
          variant.width && variant.height
            ? t('results.dimensions', { width: variant.width, height: variant.height })
            : imageFileName(variant.fileUrl);
        return (
          <li key={variant.fileUrl}>
            <a
              href={hrefOf(variant)}
              download
              aria-label={t('dialog.downloadSize', { size })}
              className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-2.5 py-1 font-medium text-blue-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-slate-700 dark:text-blue-400 dark:hover:bg-slate-800"
            >
              <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
                <path d="M10.75 3a.75.75 0 0 0-1.5 0v7.19L7.03 7.97a.75.75 0 0 0-1.06 1.06l3.5 3.5a.75.75 0 0 0 1.06 0l3.5-3.5a.75.75 0 1 0-1.06-1.06l-2.22 2.22V3ZM3.5 13.25a.75.75 0 0 0-1.5 0v1.5A2.25 2.25 0 0 0 4.25 17h11.5A2.25 2.25 0 0 0 18 14.75v-1.5a.75.75 0 0 0-1.5 0v1.5c0 .41-.34.75-.75.75H4.25a.75.75 0 0 1-.75-.75v-1.5Z" />
              </svg>
              <bdi dir="ltr" className="tabular-nums">
                {size}
              </bdi>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
