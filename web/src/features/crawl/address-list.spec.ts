import { ErrorCode } from '@pixtract/contracts';
import { checkAddressList } from './address-list';

describe('checkAddressList', () => {
  it('takes one address a line, adds https://, skips blank lines and counts a repeat once', () => {
    expect(
      checkAddressList(
        'example.com/a\n\n  https://example.com/b  \r\nexample.com/a#top\nexample.com/a?utm_source=x\n',
        10,
      ),
    ).toEqual({
      urls: ['https://example.com/a', 'https://example.com/b'],
      problems: [],
      tooMany: false,
    });
  });

  it('names each line that is not a web address, with the reason', () => {
    const check = checkAddressList('example.com\nnot a url\nftp://example.com/x', 10);
    expect(check.urls).toEqual(['https://example.com/']);
    expect(check.problems).toEqual([
      { line: 2, code: ErrorCode.InvalidUrl },
      { line: 3, code: ErrorCode.UnsupportedScheme },
    ]);
  });

  it('says when the list has more addresses than the plan reads in one crawl', () => {
    expect(checkAddressList('a.com\nb.com\nc.com', 3).tooMany).toBe(false);
    expect(checkAddressList('a.com\nb.com\nc.com\nd.com', 3).tooMany).toBe(true);
  });
});
