/**
 * A stand-in BigCommerce storefront: a page that carries the store's script tag the way the
 * Scripts API places it (footer, async), and `/customer/current.jwt?app_client_id=…` answering
 * the signed-in shopper's JWT (signed with the app's client secret, as BigCommerce does) or 404
 * for a guest. `/login?customer=<id>` signs a shopper in (a cookie), `/logout` out.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { BigCommerceStandIn } from './bigCommerceStandIn.js';

export interface StorefrontPageStandIn {
  url: string;
  close(): Promise<void>;
}

export async function startStorefrontPage(
  bc: BigCommerceStandIn,
  opts: { storeHash: string; scriptSrc: string; customers: Record<string, string> },
): Promise<StorefrontPageStandIn> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://storefront');
    const cookie = /(?:^|;\s*)customer=(\d+)/.exec(req.headers.cookie ?? '')?.[1];
    if (url.pathname === '/login') {
      res.writeHead(302, {
        'set-cookie': `customer=${url.searchParams.get('customer')}; Path=/; HttpOnly`,
        location: '/',
      });
      return res.end();
    }
    if (url.pathname === '/customer/current.jwt') {
      const email = cookie ? opts.customers[cookie] : undefined;
      if (url.searchParams.get('app_client_id') !== bc.clientId || !email) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ status: 404, title: 'Customer not found' }));
      }
      void bc.currentCustomerJwt(opts.storeHash, { id: Number(cookie), email }).then((jwt) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(jwt);
      });
      return;
    }
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in store</title><link rel="icon" href="data:,"></head>
<body><main><h1>Stand-in store</h1><p>${cookie ? `Signed in as customer ${cookie}` : 'Guest'}</p></main>
<script src="${opts.scriptSrc}" async></script></body></html>`);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/**
 * An init script (`page.addInitScript`) that records every ConfabWidget call while the real
 * widget still runs: the widget assigns window.ConfabWidget once.
 */
export const WIDGET_CALL_TRAP = `(() => {
  let real;
  window.__confabCalls = [];
  Object.defineProperty(window, 'ConfabWidget', {
    configurable: true,
    get() { return real; },
    set(fn) {
      const wrapped = function () { window.__confabCalls.push(JSON.parse(JSON.stringify(Array.from(arguments)))); return fn.apply(this, arguments); };
      Object.assign(wrapped, fn);
      real = wrapped;
    },
  });
})();`;

/** The ConfabWidget calls recorded by WIDGET_CALL_TRAP on this page, as JSON. */
export const widgetCalls = (page: Page): Promise<unknown[]> =>
  page.evaluate(() => (window as unknown as { __confabCalls: unknown[] }).__confabCalls);
