import type { CrawlView } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiErrorBody } from '../../app/api-error';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Button } from '../../ui/button.component';
import { catalogueText } from '../extraction/extraction-messages';
import { noticeShown } from '../notice/notice.slice';
import { useRerunCrawlMutation, useStopCrawlMutation } from './crawl.api';
import { isCrawlSettled } from './crawl-view';

/** Stop while the crawl runs (what it found stays); Run again once it has settled (a new crawl, charged anew). */
export function CrawlActions({ view }: { view: CrawlView }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const localised = useLocalisedPath();
  const [stop, stopping] = useStopCrawlMutation();
  const [rerun, rerunning] = useRerunCrawlMutation();

  const refused = (error: unknown) => {
    const body = apiErrorBody(error);
    dispatch(
      noticeShown({
        title: 'crawl.refusedTitle',
        text: catalogueText(t, body?.code, body?.message) ?? t('errors.INTERNAL'),
        tone: 'error',
      }),
    );
  };
  const runAgain = async () => {
    try {
      const { crawlId } = await rerun(view.crawlId).unwrap();
      await navigate(localised(paths.crawl(crawlId)));
    } catch (error) {
      refused(error);
    }
  };

  if (!isCrawlSettled(view))
    return (
      <Button
        variant="secondary"
        disabled={stopping.isLoading}
        onClick={() => void stop(view.crawlId).unwrap().catch(refused)}
      >
        {stopping.isLoading ? t('crawl.stopping') : t('crawl.stop')}
      </Button>
    );
  return (
    <Button variant="secondary" disabled={rerunning.isLoading} onClick={() => void runAgain()}>
      {rerunning.isLoading ? t('hero.processing') : t('results.runAgain')}
    </Button>
  );
}
