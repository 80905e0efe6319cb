import { Router } from 'express';
import { dirname, join } from 'node:path';

/** The page and its script (services/gateway/public/api-docs), the same two folders up from src/ and dist/. */
const PAGE_DIR = join(__dirname, '..', '..', 'public', 'api-docs');
const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

/** Every file the page loads, and its folder: of swagger-ui-dist only these (its own index.html points at a demo API). */
const ASSETS: Record<string, string> = {
  'api-docs.js': PAGE_DIR,
  'swagger-ui.css': SWAGGER_UI_DIR,
  'swagger-ui-bundle.js': SWAGGER_UI_DIR,
  'favicon-32x32.png': SWAGGER_UI_DIR,
};

/**
 * /api/docs: Swagger UI from the npm package, served by the gateway (no CDN), every script and style a file of
 * this origin so the page needs no CSP exception.
 */
export function apiDocsPage(): Router {
  const router = Router();
  router.get('/', (_req, res) =>
    res.sendFile(join(PAGE_DIR, 'index.html'), { headers: { 'cache-control': 'no-cache' } }),
  );
  for (const [file, folder] of Object.entries(ASSETS))
    router.get(`/${file}`, (_req, res) => res.sendFile(join(folder, file), { maxAge: '1h' }));
  return router;
}
