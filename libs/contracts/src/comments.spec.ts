import { COMMENT_ERROR_MESSAGES, commentErrorBody, parseCommentRequest } from './comments';

const page = 'example.com/gallery';

describe('parseCommentRequest', () => {
  it('trims the content, defaults the rating to 5 and normalises the page address as an extraction does', () => {
    expect(
      parseCommentRequest({ content: '  Great page  ', sourceUrl: page, username: ' Ada ' }, { anonymous: true }),
    ).toEqual({
      ok: true,
      comment: { content: 'Great page', rating: 5, sourceUrl: 'https://example.com/gallery', username: 'Ada' },
    });
  });

  it("names a member by their account, never by the body's username", () => {
    expect(
      parseCommentRequest(
        { content: 'Hi', rating: 3, sourceUrl: page, username: 'someone else' },
        { anonymous: false },
      ),
    ).toMatchObject({
      ok: true,
      comment: { rating: 3, username: null },
    });
  });

  it('keeps markup as the text it is', () => {
    const content = '<script>alert(1)</script><b>bold</b>';
    expect(parseCommentRequest({ content, sourceUrl: page }, { anonymous: false })).toMatchObject({
      ok: true,
      comment: { content },
    });
  });

  it('drops NUL characters, which Postgres text cannot hold', () => {
    expect(
      parseCommentRequest({ content: 'a\0b', sourceUrl: page, username: 'N\0ame' }, { anonymous: true }),
    ).toMatchObject({
      ok: true,
      comment: { content: 'ab', username: 'Name' },
    });
  });

  it.each([
    ['no content', { sourceUrl: page }, 'COMMENT_REQUIRED'],
    ['blank content', { content: '   \n ', sourceUrl: page }, 'COMMENT_REQUIRED'],
    ['zero-width spaces only', { content: '\u200B\u200B', sourceUrl: page }, 'COMMENT_REQUIRED'],
    ['braille blanks only', { content: '\u2800 \u2800', sourceUrl: page }, 'COMMENT_REQUIRED'],
    ['a braille-blank name', { content: 'ok', sourceUrl: page, username: '\u2800' }, 'USERNAME_INVISIBLE'],
    ['content that is no text', { content: 42, sourceUrl: page }, 'COMMENT_REQUIRED'],
    ['2,001 characters', { content: 'x'.repeat(2001), sourceUrl: page }, 'COMMENT_TOO_LONG'],
    ['a rating of 0', { content: 'ok', rating: 0, sourceUrl: page }, 'INVALID_RATING'],
    ['a rating of 6', { content: 'ok', rating: 6, sourceUrl: page }, 'INVALID_RATING'],
    ['a rating of 4.5', { content: 'ok', rating: 4.5, sourceUrl: page }, 'INVALID_RATING'],
    ['a rating as text', { content: 'ok', rating: '5', sourceUrl: page }, 'INVALID_RATING'],
    ['no page address', { content: 'ok' }, 'URL_REQUIRED'],
    ['a blank page address', { content: 'ok', sourceUrl: ' ' }, 'URL_REQUIRED'],
    ['a javascript: address', { content: 'ok', sourceUrl: 'javascript:alert(1)' }, 'UNSUPPORTED_SCHEME'],
    ['a 51-character name', { content: 'ok', sourceUrl: page, username: 'n'.repeat(51) }, 'USERNAME_TOO_LONG'],
  ])('refuses %s with %s', (_label, body, code) => {
    expect(parseCommentRequest(body, { anonymous: false })).toEqual({ ok: false, code });
  });

  it('accepts exactly 2,000 characters', () => {
    expect(parseCommentRequest({ content: 'x'.repeat(2000), sourceUrl: page }, { anonymous: false }).ok).toBe(true);
  });

  it.each([undefined, '', '   '])('asks an anonymous visitor for a name (%p)', (username) => {
    expect(parseCommentRequest({ content: 'ok', sourceUrl: page, username }, { anonymous: true })).toEqual({
      ok: false,
      code: 'USERNAME_REQUIRED',
    });
  });

  it("words each refusal with the seed's messages", () => {
    expect(COMMENT_ERROR_MESSAGES.COMMENT_REQUIRED).toBe('Please enter a comment');
    expect(COMMENT_ERROR_MESSAGES.USERNAME_REQUIRED).toBe('Please enter a username');
    expect(commentErrorBody('URL_REQUIRED', 400)).toEqual({
      statusCode: 400,
      code: 'URL_REQUIRED',
      message: 'Please enter a website URL.',
    });
  });
});
