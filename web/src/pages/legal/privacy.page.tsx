import { ClientStorageTable } from '../../features/legal/client-storage-table.component';
import { LegalDocument, type LegalSection } from '../../features/legal/legal-document.component';
import { usePageMeta } from '../../layout/use-page-meta.hook';

/** The day this version of the policy took effect. */
const PRIVACY_UPDATED = '2026-11-27';

const SECTIONS: LegalSection[] = [
  {
    id: 'what-we-store',
    title: 'legal.privacy.storedTitle',
    items: [
      'legal.privacy.storedAccount',
      'legal.privacy.storedHistory',
      'legal.privacy.storedUsage',
      'legal.privacy.storedComments',
      'legal.privacy.storedNewsletter',
      'legal.privacy.storedPayments',
      'legal.privacy.storedLogs',
    ],
  },
  { id: 'why', title: 'legal.privacy.whyTitle', paragraphs: ['legal.privacy.whyText'] },
  {
    id: 'cookies',
    title: 'legal.privacy.storageTitle',
    paragraphs: ['legal.privacy.storageIntro'],
    extra: <ClientStorageTable />,
  },
  {
    id: 'processors',
    title: 'legal.privacy.processorsTitle',
    items: [
      'legal.privacy.processorsPaypal',
      'legal.privacy.processorsGoogle',
      'legal.privacy.processorsHosting',
      'legal.privacy.processorsSites',
    ],
  },
  {
    id: 'retention',
    title: 'legal.privacy.retentionTitle',
    items: [
      'legal.privacy.retentionAccount',
      'legal.privacy.retentionSessions',
      'legal.privacy.retentionNewsletter',
      'legal.privacy.retentionLogs',
      'legal.privacy.retentionPayments',
    ],
  },
  { id: 'your-rights', title: 'legal.privacy.rightsTitle', paragraphs: ['legal.privacy.rightsText'] },
  { id: 'security', title: 'legal.privacy.securityTitle', paragraphs: ['legal.privacy.securityText'] },
  { id: 'children', title: 'legal.privacy.childrenTitle', paragraphs: ['legal.privacy.childrenText'] },
  { id: 'changes', title: 'legal.privacy.changesTitle', paragraphs: ['legal.privacy.changesText'] },
];

/** /privacy — what is stored, why, who processes it, for how long, and how to have it deleted. */
export function PrivacyPage() {
  usePageMeta('privacy');
  return (
    <LegalDocument
      title="legal.privacy.title"
      intro="legal.privacy.intro"
      updated={PRIVACY_UPDATED}
      sections={SECTIONS}
    />
  );
}
