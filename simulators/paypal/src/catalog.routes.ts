import type { SimContext } from './context';
import { invalidRequest, notFound, paypalId, Router, sendJson, unprocessable } from './http';

/** /v1/catalogs/products and /v1/billing/plans: what a merchant sells and at which price and rhythm. */
export function catalogRoutes(router: Router, ctx: SimContext): void {
  router.add('POST', '/v1/catalogs/products', (req, res) => {
    const {
      id = paypalId('PROD-'),
      name,
      type = 'SERVICE',
    } = req.body as { id?: string; name?: string; type?: string };
    if (!name) throw invalidRequest('/name', 'A product needs a name.');
    if (ctx.products.has(id))
      throw unprocessable('DUPLICATE_RESOURCE_IDENTIFIER', `A product with id ${id} already exists.`);
    const now = ctx.now().toISOString();
    const product = {
      ...req.body,
      id,
      name,
      type,
      create_time: now,
      update_time: now,
      links: [{ href: `${ctx.origin}/v1/catalogs/products/${id}`, rel: 'self', method: 'GET' }],
    };
    ctx.products.set(id, product);
    sendJson(res, 201, product);
  });

  router.add('GET', '/v1/catalogs/products/:id', (req, res) => {
    const product = ctx.products.get(req.params.id);
    if (!product) throw notFound(`Product ${req.params.id}`);
    sendJson(res, 200, product);
  });

  router.add('POST', '/v1/billing/plans', (req, res) => {
    const body = req.body as {
      product_id?: string;
      name?: string;
      billing_cycles?: unknown[];
      payment_preferences?: unknown;
    };
    if (!body.product_id || !ctx.products.has(body.product_id))
      throw invalidRequest('/product_id', 'product_id must name an existing product.');
    if (!body.name) throw invalidRequest('/name', 'A plan needs a name.');
    if (!Array.isArray(body.billing_cycles) || body.billing_cycles.length === 0)
      throw invalidRequest('/billing_cycles', 'A plan needs billing cycles.');
    const id = paypalId('P-');
    const now = ctx.now().toISOString();
    const plan = {
      status: 'ACTIVE',
      quantity_supported: false,
      ...body,
      id,
      usage_type: 'LICENSED',
      create_time: now,
      update_time: now,
      links: [
        { href: `${ctx.origin}/v1/billing/plans/${id}`, rel: 'self', method: 'GET' },
        { href: `${ctx.origin}/v1/billing/plans/${id}`, rel: 'edit', method: 'PATCH' },
      ],
    };
    ctx.plans.set(id, plan);
    sendJson(res, 201, plan);
  });

  router.add('GET', '/v1/billing/plans', (req, res) => {
    const productId = req.url.searchParams.get('product_id');
    const plans = [...ctx.plans.values()]
      .filter((plan) => !productId || plan.product_id === productId)
      .map(({ id, product_id, name, status, description, usage_type, create_time, links }) => ({
        id,
        product_id,
        name,
        status,
        description,
        usage_type,
        create_time,
        links,
      }));
    sendJson(res, 200, { plans, links: [{ href: `${ctx.origin}/v1/billing/plans`, rel: 'self', method: 'GET' }] });
  });

  router.add('GET', '/v1/billing/plans/:id', (req, res) => {
    const plan = ctx.plans.get(req.params.id);
    if (!plan) throw notFound(`Plan ${req.params.id}`);
    sendJson(res, 200, plan);
  });
}
