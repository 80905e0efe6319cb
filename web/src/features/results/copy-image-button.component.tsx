import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../ui/button.component';
import { noticeShown } from '../notice/notice.slice';
import { canCopyImages, copyPngToClipboard } from './copy-image';

/** Copy image: the picture as a PNG on the clipboard; absent where the browser cannot put images there. */
export function CopyImageButton({ pngUrl }: { pngUrl: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  if (!canCopyImages()) return null;
  const copy = () =>
    copyPngToClipboard(pngUrl).then(
      () => dispatch(noticeShown({ title: 'dialog.imageCopied', tone: 'success' })),
      () => dispatch(noticeShown({ title: 'dialog.copyFailed', tone: 'error' })),
    );
  return (
    <Button variant="secondary" onClick={() => void copy()}>
      {t('dialog.copyImage')}
    </Button>
  );
}
