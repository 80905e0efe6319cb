import { emailKey, loginRequestSchema, registerRequestSchema, usernameKey } from './auth';

const register = (fields: Record<string, unknown>) =>
  registerRequestSchema.safeParse({ password: 'long enough pass', ...fields });
const fieldErrors = (fields: Record<string, unknown>) => {
  const parsed = register(fields);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('usernames', () => {
  it.each([
    ['letter case', 'Alice', 'alice'],
    ['fullwidth letters (NFKC)', 'ａｌｉｃｅ', 'alice'],
    ['a ligature (NFKC)', 'ﬁona', 'fiona'],
    ['the Kelvin sign (NFKC)', 'Kate', 'kate'],
    ['sharp s and SS', 'STRASSE', 'straße'],
    ['spaces around and between words', '  Ada   Lovelace ', 'ada lovelace'],
    ['a zero-width space (an older name)', 'ali\u200bce', 'alice'],
    ['a bidi override (an older name)', '\u202ealice', 'alice'],
  ])('collide on %s', (_label, one, other) => {
    expect(usernameKey(one)).toBe(usernameKey(other));
  });

  it('keep different names apart', () => {
    expect(usernameKey('alice')).not.toBe(usernameKey('alicia'));
    expect(usernameKey('ali ce')).not.toBe(usernameKey('alice'));
  });

  it.each([
    ['a zero-width space', 'ali\u200bce'],
    ['a zero-width joiner', 'ali\u200dce'],
    ['a bidi override', '\u202eecila'],
    ['a left-to-right mark', 'alice\u200e'],
    ['a NUL', 'a\u0000b'],
    ['a control character', 'ali\u0007ce'],
    ['a combining grapheme joiner', 'ali\u034fce'],
    ['a Hangul filler', 'ali\u3164ce'],
    ['a soft hyphen', 'ali\u00adce'],
  ])('are refused with %s in them', (_label, username) => {
    expect(fieldErrors({ username })).toEqual({
      username: 'username must not contain control or invisible characters',
    });
  });

  it('are stored compatibility-normalised, one space between words', () => {
    expect(register({ username: '  ａｄａ   Ｌｏｖｅｌａｃｅ ' }).data?.username).toBe('ada Lovelace');
  });

  it("may hold @ only when they are the account's own email", () => {
    expect(fieldErrors({ username: 'bob@example.com' })).toEqual({
      username: 'username may contain @ only when it is your email address',
    });
    expect(fieldErrors({ username: 'bob@example.com', email: 'carol@example.com' })).toEqual({
      username: 'username may contain @ only when it is your email address',
    });
    expect(register({ username: 'Bob@Example.com', email: 'bob@example.com' }).success).toBe(true);
  });
});

describe('emails', () => {
  it('collide whatever their letter case', () => {
    expect(emailKey(' Ada@Example.COM ')).toBe(emailKey('ada@example.com'));
  });

  it.each([
    ['a NUL', 'a\u0000@example.com'],
    ['a zero-width space', 'a\u200b@example.com'],
    ['no @', 'example.com'],
  ])('are refused with %s', (_label, email) => {
    expect(fieldErrors({ username: 'someone', email })).toEqual({ email: 'email must be a valid email address' });
  });
});

describe('sign-in', () => {
  it('refuses a NUL in the name or password before anything is looked up', () => {
    expect(loginRequestSchema.safeParse({ username: 'a\u0000b', password: 'x' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ username: 'ab', password: 'x\u0000' }).success).toBe(false);
    expect(loginRequestSchema.safeParse({ username: 'ada@example.com', password: 'x' }).success).toBe(true);
  });
});
