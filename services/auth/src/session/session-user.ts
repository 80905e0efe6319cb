/** What a session remembers about its user: the id only; everything else is read fresh. */
export interface SessionUser {
  id: number;
}

export const SESSION_COOKIE = 'pixtract.sid';
export const VISITOR_COOKIE = 'pixtract.visitor';
