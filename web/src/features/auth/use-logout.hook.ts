import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../notice/notice.slice';
import { useLogoutMutation } from './auth.api';

/** Signs out and says so (or says it failed). */
export function useLogout(): () => void {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  return () => {
    logout()
      .unwrap()
      .then(
        () => dispatch(noticeShown({ title: 'auth.loggedOut', tone: 'success' })),
        () => dispatch(noticeShown({ title: 'auth.logoutFailed', tone: 'error' })),
      );
  };
}
