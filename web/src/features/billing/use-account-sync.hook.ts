import type { AuthUser } from '@pixtract/contracts';
import { useEffect, useRef } from 'react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useAuthStatus } from '../auth/auth.api';

const RETRY_MS = 1000;
const MAX_TRIES = 30;

/**
 * After a subscription changes, billing tells auth over a queue, so the sign-in state catches up a moment later:
 * until it shows what `expected` asks (the premium dot, the new limits), it is fetched again each second, for at
 * most half a minute. Null: nothing to wait for.
 */
export function useAccountSync(expected: ((user: AuthUser) => boolean) | null): void {
  const dispatch = useAppDispatch();
  const status = useAuthStatus();
  const tries = useRef(0);
  const user = status.data?.user ?? null;

  useEffect(() => {
    tries.current = 0;
  }, [expected]);

  useEffect(() => {
    if (!expected || !user || expected(user) || tries.current >= MAX_TRIES) return;
    const timer = setTimeout(() => {
      tries.current += 1;
      dispatch(api.util.invalidateTags(['Auth', 'Profile']));
    }, RETRY_MS);
    return () => clearTimeout(timer);
  }, [expected, user, status.fulfilledTimeStamp, dispatch]);
}
