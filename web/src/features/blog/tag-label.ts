import { useTranslation } from 'react-i18next';
import { resources } from '../../i18n/i18n';

type TagName = keyof typeof resources.en.translation.blog.tagNames;
const TAG_NAMES = resources.en.translation.blog.tagNames;
const isNamedTag = (tag: string): tag is TagName => Object.hasOwn(TAG_NAMES, tag);

/**
 * A tag's label in the reader's language: articles carry slugs ("good-practice"), readers see words ("Good practice",
 * "ممارسات جيدة"). A tag the catalogue does not name yet reads as its slug's words.
 */
export function useTagLabel(): (tag: string) => string {
  const { t } = useTranslation();
  return (tag) => (isNamedTag(tag) ? t(`blog.tagNames.${tag}`) : tag.replace(/-/g, ' '));
}
