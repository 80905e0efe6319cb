import { OpenAPIRegistry, OpenApiGeneratorV31, zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { authUserSchema } from '../auth';
import { subscriptionPlanSchema, userSubscriptionSchema } from '../billing';
import { blogPostSchema } from '../blog';
import { commentSchema } from '../comments';
import { crawlProgressSchema, crawlViewSchema } from '../crawl';
import { ErrorCode, errorBodySchema } from '../errors';
import { extractedFileSchema, extractionProgressSchema, extractionResponseSchema } from '../extraction';
import { limitsSchema } from '../plans';
import { ACCOUNT_ROUTES } from './account.routes';
import { ApiRoute, refusals } from './api-route';
import { BILLING_ROUTES } from './billing.routes';
import { BLOG_ROUTES } from './blog.routes';
import { COMMENTS_ROUTES } from './comments.routes';
import { CRAWL_ROUTES } from './crawl.routes';
import { EXTRACTION_ROUTES } from './extraction.routes';
import { MEDIA_ROUTES } from './media.routes';
import { NEWSLETTER_ROUTES } from './newsletter.routes';
import { SERVICE_ROUTES } from './service.routes';
import { SITE_ROUTES } from './site.routes';

/**
 * Every public route the gateway serves, each contract module's routes written next to its schemas
 * (`<module>.routes.ts`): a new route is an entry there, a new module one line here. The gateway's coverage test
 * fails when a route it serves is missing.
 */
export const API_ROUTES: ApiRoute[] = [
  ...SERVICE_ROUTES,
  ...EXTRACTION_ROUTES,
  ...CRAWL_ROUTES,
  ...ACCOUNT_ROUTES,
  ...MEDIA_ROUTES,
  ...NEWSLETTER_ROUTES,
  ...COMMENTS_ROUTES,
  ...BLOG_ROUTES,
  ...BILLING_ROUTES,
  ...SITE_ROUTES,
];

/** Shapes shown once under components and referenced by name wherever they recur. */
const NAMED_SCHEMAS = {
  ErrorBody: errorBodySchema,
  Limits: limitsSchema,
  ExtractedFile: extractedFileSchema,
  ExtractionProgress: extractionProgressSchema,
  ExtractionResponse: extractionResponseSchema,
  CrawlView: crawlViewSchema,
  CrawlProgress: crawlProgressSchema,
  AuthUser: authUserSchema,
  Comment: commentSchema,
  BlogPost: blogPostSchema,
  SubscriptionPlan: subscriptionPlanSchema,
  UserSubscription: userSubscriptionSchema,
};

const DESCRIPTION = `Get every image from a web page.

**Errors.** Every refusal is an \`ErrorBody\`: a stable \`code\` to branch on and the catalogue's English \`message\`;
validation failures name the wrong \`fields\`. 5xx answers carry an \`errorId\` that is also in the server's logs.

**Identity.** Signed-in requests carry the \`pixtract.sid\` session cookie; anonymous visitors get a signed
\`pixtract.visitor\` cookie on their first extraction, which their daily quota is counted against. A POST that
carries cookies must come from the site itself (Sec-Fetch-Site or Origin), else 403 \`CROSS_SITE_REQUEST\`.

**Live progress.** socket.io at \`/socket.io\`: emit \`extraction:follow\` with an extraction id (acknowledged with
\`{ok}\`), then receive \`extraction:progress\` (\`ExtractionProgress\`), \`extraction:completed\`
(\`{extractionId, result: ExtractionResponse}\`) or \`extraction:failed\` (\`{extractionId, code, message}\`).
A ZIP's progress the same way: make a UUID, emit \`download:follow\` with it (acknowledged with \`{ok}\`), post
\`/api/download-images\` with it as \`downloadId\`, and receive \`download:progress\`
(\`{downloadId, written, failed, total, finished}\`) after each image and once more when the archive is finished.
A crawl's: emit \`crawl:follow\` with its id (acknowledged with \`{ok}\`), then receive \`crawl:progress\`
(\`CrawlProgress\`) after every change of its pages and status.`;

/** The OpenAPI 3.1 document of the public API, generated from the zod contracts. */
export function openApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  // Named in the generator's own metadata registry, on the very instances the routes use: `registry.register`
  // needs zod extended with `.openapi()` before any contract is declared (so in the web app too), and `.meta()`
  // would name a copy.
  for (const [refId, schema] of Object.entries(NAMED_SCHEMAS))
    zodToOpenAPIRegistry.add(schema, { _internal: { refId } });
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'pixtract.sid',
    description: 'Set by POST /api/auth/login',
  });
  // Any route can fail unexpectedly; the answer is the same everywhere, so it is written once here.
  const unexpected = refusals({ 500: [ErrorCode.Internal] });
  for (const route of API_ROUTES) registry.registerPath({ ...route, responses: { ...unexpected, ...route.responses } });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Pixtract API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: [
      { name: 'Extractions', description: 'Find every image on a page' },
      { name: 'Crawls', description: 'Find every image on many pages: a gallery, a site, a list of addresses' },
      { name: 'Media', description: 'Images, thumbnails, screenshots and archives, fetched server-side' },
      { name: 'Account', description: 'Sign-in, sessions and the member’s activity' },
      { name: 'Newsletter' },
      { name: 'Comments', description: 'Comments on extracted pages, and their moderation' },
      { name: 'Blog' },
      { name: 'Billing', description: 'Plans, subscriptions and donations, paid with PayPal' },
      { name: 'Site', description: 'Files for search engines' },
      { name: 'Service', description: 'Health and this document' },
    ],
  });
}
