const { TestEnvironment } = require('jest-environment-jsdom');

/**
 * jsdom has no fetch, and RTK Query needs one (tests answer it with jest.spyOn). Node's own fetch classes stand in,
 * with relative URLs resolved against the page like a browser does. Node's AbortController comes along because
 * Node's Request refuses a jsdom AbortSignal.
 */
class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const page = this.global.location;
    class PageRequest extends Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, page.href) : input, init);
      }
    }
    Object.assign(this.global, {
      fetch,
      Headers,
      Response,
      Request: PageRequest,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
    });
  }
}

module.exports = JsdomWithFetchEnvironment;
