import { LegalDocument, type LegalSection } from '../../features/legal/legal-document.component';
import { usePageMeta } from '../../layout/use-page-meta.hook';

/** The day this version of the terms took effect. */
const TERMS_UPDATED = '2026-11-27';

const SECTIONS: LegalSection[] = [
  { id: 'service', title: 'legal.terms.serviceTitle', paragraphs: ['legal.terms.serviceText'] },
  {
    id: 'acceptable-use',
    title: 'legal.terms.useTitle',
    paragraphs: ['legal.terms.useIntro'],
    items: ['legal.terms.use1', 'legal.terms.use2', 'legal.terms.use3', 'legal.terms.use4', 'legal.terms.use5'],
  },
  { id: 'images', title: 'legal.terms.imagesTitle', paragraphs: ['legal.terms.imagesText'] },
  { id: 'accounts', title: 'legal.terms.accountsTitle', paragraphs: ['legal.terms.accountsText'] },
  { id: 'plans', title: 'legal.terms.plansTitle', paragraphs: ['legal.terms.plansText'] },
  { id: 'payments', title: 'legal.terms.paymentsTitle', paragraphs: ['legal.terms.paymentsText'] },
  { id: 'comments', title: 'legal.terms.commentsTitle', paragraphs: ['legal.terms.commentsText'] },
  { id: 'liability', title: 'legal.terms.liabilityTitle', paragraphs: ['legal.terms.liabilityText'] },
  { id: 'changes', title: 'legal.terms.changesTitle', paragraphs: ['legal.terms.changesText'] },
];

/** /terms — what using Pixtract means, in plain words. */
export function TermsPage() {
  usePageMeta('terms');
  return (
    <LegalDocument title="legal.terms.title" intro="legal.terms.intro" updated={TERMS_UPDATED} sections={SECTIONS} />
  );
}
