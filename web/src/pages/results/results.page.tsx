import { ErrorCode, normaliseExtractionUrl } from '@pixtract/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { isFromAddressBox } from '../../features/extraction/address-box';
import { useAppDispatch } from '../../app/hooks';
import { ExtractionFailed } from '../../features/extraction/extraction-failed.component';
import { ExtractionForm } from '../../features/extraction/extraction-form.component';
import { ExtractionResults } from '../../features/extraction/extraction-results.component';
import { noticeShown } from '../../features/notice/notice.slice';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { BackLink } from '../../ui/back-link.component';
import { usePageMeta } from '../../layout/use-page-meta.hook';

/**
 * /results?url=…&id=… — the address gets https:// when it has no scheme; without one the visitor goes home. With
 * `id` it opens that stored extraction; without, it asks for one and puts its id in the address.
 */
export function ResultsPage() {
  usePageMeta('results');
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const [params] = useSearchParams();
  const check = normaliseExtractionUrl(params.get('url') ?? '');
  const extractionId = params.get('id');
  const fromAddressBox = isFromAddressBox(useLocation().state);

  if (!check.ok && check.code === ErrorCode.UrlRequired) return <MissingUrl />;

  const backToHome = <BackLink to={localised(paths.home)}>{t('results.backToHome')}</BackLink>;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      {check.ok ? (
        <ExtractionResults
          key={`${check.url} ${extractionId}`}
          url={check.url}
          extractionId={extractionId}
          backLink={backToHome}
          addressBox={<ExtractionForm compact initialUrl={check.url} />}
          overlay={fromAddressBox}
        />
      ) : (
        <>
          <div className="mb-6">{backToHome}</div>
          <ExtractionFailed message={t(`errors.${check.code}`)} url={params.get('url') ?? ''} />
        </>
      )}
    </div>
  );
}

function MissingUrl() {
  const localised = useLocalisedPath();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(noticeShown({ title: 'notice.missingUrl', tone: 'error' }));
  }, [dispatch]);
  return <Navigate to={localised(paths.home)} replace />;
}
