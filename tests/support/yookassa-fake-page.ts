import type http from 'node:http';

/**
 * The fake ЮKassa's confirmation page, `/checkout/payments/{id}` (the `confirmation_url` it
 * answers), for the browser tests: the amount and two buttons, «Оплатить» and «Отменить», that
 * settle the payment as the shopper would (the shop is notified as ЮKassa does) and send the
 * browser to the payment's `return_url`. No sign-in, as on ЮKassa's own page.
 */

interface PagePayment {
  id: string;
  status: string;
  amount: { value: string };
  description?: string;
  confirmation: { return_url: string };
}

export interface PageControls {
  find(paymentId: string): PagePayment | undefined;
  settle(paymentId: string, status: 'succeeded' | 'canceled'): Promise<unknown>;
  /** The browser is sent here rather than to return_url's own origin (a test shop's PUBLIC_URL names no real port). */
  returnOrigin(): string | null;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(payment: PagePayment): string {
  const paid = payment.status !== 'pending';
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ЮKassa (тест): оплата</title></head><body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1>Оплата заказа</h1><p>${escape(payment.description ?? '')}</p><p>К оплате: <strong>${escape(payment.amount.value)} ₽</strong></p>
${paid ? `<p>Платёж уже ${payment.status === 'succeeded' ? 'оплачен' : 'отменён'}.</p>` : ''}
<form method="post"><button name="action" value="pay"${paid ? ' disabled' : ''}>Оплатить</button> <button name="action" value="cancel"${paid ? ' disabled' : ''}>Отменить</button></form>
</body></html>`;
}

/** Answers the page's GET and POST; false when the path is not the page's. */
export function servePaymentPage(method: string, path: string, raw: string, response: http.ServerResponse, controls: PageControls): boolean {
  const id = /^\/checkout\/payments\/([^/]+)$/.exec(path)?.[1];
  if (!id) return false;
  const payment = controls.find(decodeURIComponent(id));
  if (!payment) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('Платёж не найден');
    return true;
  }
  if (method !== 'POST') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page(payment));
    return true;
  }
  const action = new URLSearchParams(raw).get('action');
  void (async () => {
    if (payment.status === 'pending' && (action === 'pay' || action === 'cancel')) await controls.settle(payment.id, action === 'pay' ? 'succeeded' : 'canceled');
    const target = new URL(payment.confirmation.return_url);
    const origin = controls.returnOrigin();
    response.writeHead(303, { location: origin ? `${origin}${target.pathname}${target.search}` : target.href });
    response.end();
  })();
  return true;
}
