import type { BlogPost } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../ui/button.component';

/** The networks' own share addresses: each opens its share dialog with the article's address filled in. */
export function shareLinks(post: Pick<BlogPost, 'title' | 'description'>, address: string) {
  const url = encodeURIComponent(address);
  const title = encodeURIComponent(post.title);
  return {
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${title}`,
    linkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    email: `mailto:?subject=${title}&body=${encodeURIComponent(`${post.description}\n\n${address}`)}`,
  };
}

export function ShareLinks({ post, address }: { post: BlogPost; address: string }) {
  const { t } = useTranslation();
  const links = shareLinks(post, address);
  const networks = [
    { name: 'Twitter', href: links.twitter },
    { name: 'LinkedIn', href: links.linkedIn },
    { name: 'Facebook', href: links.facebook },
  ];
  return (
    <nav aria-label={t('blog.share')} className="flex flex-wrap items-center gap-2">
      <span className="me-2 text-sm font-semibold">{t('blog.share')}</span>
      {networks.map((network) => (
        <a
          key={network.name}
          href={network.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('blog.shareOn', { network: network.name })}
          className={buttonStyles('secondary', 'md')}
        >
          {network.name}
        </a>
      ))}
      <a href={links.email} aria-label={t('blog.shareByEmail')} className={buttonStyles('secondary', 'md')}>
        {t('blog.email')}
      </a>
    </nav>
  );
}
