import type { Request } from 'express';
import type { SessionUser } from '../session/session-user';

/** passport's login: regenerates the session (new id, no fixation) and stores the user id in it. */
export function logIn(req: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) =>
    req.logIn({ id: user.id } satisfies SessionUser, (error) => (error ? reject(error) : resolve())),
  );
}
