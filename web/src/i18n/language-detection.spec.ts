import {
  detectLanguage,
  languageOfPath,
  localisedPath,
  readPreferredLanguage,
  unprefixedPath,
} from './language-detection';

describe('language detection: path, then cookie, then browser, then English', () => {
  it('takes the path prefix first', () => {
    expect(detectLanguage('/jp/results', 'preferredLang=de', ['fr-FR'])).toBe('jp');
  });

  it('then the preferredLang cookie', () => {
    expect(detectLanguage('/results', 'theme=x; preferredLang=de', ['fr-FR'])).toBe('de');
  });

  it("then the browser's first language we speak (zh → cn, ja → jp)", () => {
    expect(detectLanguage('/', '', ['sv-SE', 'zh-CN', 'fr'])).toBe('cn');
    expect(detectLanguage('/', '', ['ja'])).toBe('jp');
  });

  it('then English; an unknown cookie value counts for nothing', () => {
    expect(detectLanguage('/', 'preferredLang=xx', ['sv'])).toBe('en');
    expect(readPreferredLanguage('preferredLang=xx')).toBeUndefined();
  });
});

describe('language paths', () => {
  it('puts a prefix in front of every language but English', () => {
    expect(localisedPath('en', '/results?url=a')).toBe('/results?url=a');
    expect(localisedPath('ar', '/')).toBe('/ar');
    expect(localisedPath('ko', '/member')).toBe('/ko/member');
  });

  it('reads and removes the prefix', () => {
    expect(languageOfPath('/ru/auth')).toBe('ru');
    expect(languageOfPath('/results')).toBeUndefined();
    expect(unprefixedPath('/ru/auth')).toBe('/auth');
    expect(unprefixedPath('/ru')).toBe('/');
    expect(unprefixedPath('/results')).toBe('/results');
  });
});
