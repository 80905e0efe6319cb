import { checkoutPage, popupResultPage } from './checkout-page';
import { TEST_BUYER, type Json, type SimContext, type SimOrder } from './context';
import {
  invalidRequest,
  notFound,
  paypalId,
  PayPalError,
  redirect,
  Router,
  sendJson,
  sendText,
  unprocessable,
} from './http';

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * /v2/checkout/orders: create, show, capture; and the buyer's checkout page (`/checkoutnow?token=`), opened by the
 * SDK's popup (it reports back with postMessage) or by a redirect to the order's approve link.
 */
export function orderRoutes(router: Router, ctx: SimContext): void {
  const orderOf = (id: string): SimOrder => {
    const found = ctx.orders.get(id);
    if (!found) throw notFound(`Order ${id}`);
    return found;
  };
  const link = (id: string, rel: string, method: string, suffix = '') => ({
    href: `${ctx.origin}/v2/checkout/orders/${id}${suffix}`,
    rel,
    method,
  });

  router.add('POST', '/v2/checkout/orders', (req, res) => {
    const body = req.body as {
      intent?: string;
      purchase_units?: Json[];
      payment_source?: { paypal?: { experience_context?: Json } };
      application_context?: Json;
    };
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
      throw invalidRequest('/intent', 'intent must be CAPTURE or AUTHORIZE.');
    const units = body.purchase_units ?? [];
    if (units.length === 0) throw invalidRequest('/purchase_units', 'At least one purchase unit is required.');
    for (const unit of units) {
      if (!unit.amount?.currency_code || !AMOUNT.test(String(unit.amount?.value ?? '')))
        throw invalidRequest('/purchase_units/0/amount', 'amount needs a currency_code and a decimal value.');
      if (Number(unit.amount.value) <= 0)
        throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'The amount must be greater than zero.');
    }
    const id = paypalId();
    const now = ctx.now().toISOString();
    const context = body.payment_source?.paypal?.experience_context ?? body.application_context ?? {};
    const payerAction = body.payment_source?.paypal !== undefined;
    const json: Json = {
      id,
      intent: body.intent,
      status: payerAction ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      ...(body.payment_source && { payment_source: body.payment_source }),
      purchase_units: units.map((unit, index) => ({
        reference_id: unit.reference_id ?? (index === 0 ? 'default' : String(index)),
        ...unit,
      })),
      create_time: now,
      links: [
        link(id, 'self', 'GET'),
        { href: `${ctx.origin}/checkoutnow?token=${id}`, rel: payerAction ? 'payer-action' : 'approve', method: 'GET' },
        link(id, 'update', 'PATCH'),
        link(id, 'capture', 'POST', '/capture'),
      ],
    };
    ctx.orders.set(id, { json, returnUrl: context.return_url, cancelUrl: context.cancel_url });
    sendJson(res, 201, json);
  });

  router.add('GET', '/v2/checkout/orders/:id', (req, res) => sendJson(res, 200, orderOf(req.params.id).json));

  router.add('POST', '/v2/checkout/orders/:id/capture', (req, res) => {
    const { json } = orderOf(req.params.id);
    if (json.status === 'COMPLETED')
      throw unprocessable(
        'ORDER_ALREADY_CAPTURED',
        'Order already captured. If intent=CAPTURE only one capture per order is allowed.',
      );
    if (json.status !== 'APPROVED')
      throw unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    const now = ctx.now().toISOString();
    json.status = 'COMPLETED';
    json.update_time = now;
    for (const unit of json.purchase_units as Json[]) {
      const capture = {
        id: paypalId(),
        status: 'COMPLETED',
        amount: unit.amount,
        final_capture: true,
        seller_protection: {
          status: 'ELIGIBLE',
          dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
        },
        create_time: now,
        update_time: now,
        links: [{ href: `${ctx.origin}/v2/payments/captures/${json.id}`, rel: 'self', method: 'GET' }],
      };
      unit.payments = { captures: [capture] };
      ctx.notifier.emit(
        'PAYMENT.CAPTURE.COMPLETED',
        'capture',
        { ...capture, supplementary_data: { related_ids: { order_id: json.id } } },
        `Payment completed for $ ${unit.amount.value} ${unit.amount.currency_code}`,
      );
    }
    json.links = [link(json.id, 'self', 'GET')];
    sendJson(res, 201, json);
  });

  router.add(
    'GET',
    '/checkoutnow',
    (req, res) => {
      const token = req.url.searchParams.get('token') ?? '';
      const { json } = orderOf(token);
      if (json.status !== 'CREATED' && json.status !== 'PAYER_ACTION_REQUIRED')
        throw new PayPalError(404, 'RESOURCE_NOT_FOUND', 'This checkout was already completed.');
      const unit = json.purchase_units[0];
      const html = checkoutPage({
        title: 'Pay with PayPal',
        lines: [unit.description ?? 'Payment', `${unit.amount.value} ${unit.amount.currency_code}`, `Order ${json.id}`],
        action: '/checkoutnow',
        hidden: { token, sdk: req.url.searchParams.get('sdk') ?? '' },
      });
      sendText(res, 200, 'text/html; charset=utf-8', html);
    },
    { open: true },
  );

  router.add(
    'POST',
    '/checkoutnow',
    (req, res) => {
      const order = orderOf(typeof req.body.token === 'string' ? req.body.token : '');
      const approved = req.body.decision === 'approve';
      const payerID = paypalId();
      if (approved) {
        order.json.status = 'APPROVED';
        order.json.payer = { ...TEST_BUYER, payer_id: payerID };
        order.json.payment_source = { paypal: { ...TEST_BUYER, account_id: payerID, account_status: 'VERIFIED' } };
        ctx.notifier.emit(
          'CHECKOUT.ORDER.APPROVED',
          'checkout-order',
          order.json,
          'An order has been approved by buyer',
        );
      }
      const back = approved ? order.returnUrl : order.cancelUrl;
      if (req.body.sdk !== '1' && back) {
        const target = new URL(back);
        target.searchParams.set('token', order.json.id);
        if (approved) target.searchParams.set('PayerID', payerID);
        return redirect(res, target.toString());
      }
      sendText(
        res,
        200,
        'text/html; charset=utf-8',
        popupResultPage({
          type: approved ? 'approve' : 'cancel',
          orderID: order.json.id,
          payerID: approved ? payerID : undefined,
        }),
      );
    },
    { open: true },
  );
}
