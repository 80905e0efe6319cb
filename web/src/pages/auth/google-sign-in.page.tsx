import { useEffect } from 'react';
import { leaveAppFor } from '../../app/leave-app';
import { PageFallback } from '../../layout/page-fallback.component';
import { serverPaths } from '../../router/paths';

/**
 * /auth/google (and /:lang/auth/google), the specification's link: starts Google sign-in at the server, which sends
 * the browser to the provider, or back to /auth?error=… with the reason where sign-in is not available.
 */
export function GoogleSignInPage() {
  useEffect(() => leaveAppFor(serverPaths.googleSignIn), []);
  return <PageFallback />;
}
