/**
 * The per-store loader's JavaScript (docs/storefront.md, the widget's start), written for any storefront browser
 * (ES5, no build step). It asks the storefront for the signed-in customer through BigCommerce's
 * Current Customer API (`/customer/current.jwt?app_client_id=…`, same origin as the page), has
 * our service verify that JWT, then loads widget.js and calls
 *   ConfabWidget(botId, 'bubble', {customData: {platform: 'bigcommerce', storeHash}, user})
 * with `user` only for a verified customer. Every failure on the way means "no user", never no chat.
 */
export interface LoaderConfig {
  botId: string;
  storeHash: string;
  clientId: string;
  widgetUrl: string;
  verifyUrl: string;
}

export const NOOP_LOADER = '/* Confab: the chat widget is not enabled for this store. */\n';

/** JSON inside a script: also safe against a `</script>` or line separators in a value. */
const embed = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function loaderScript(config: LoaderConfig): string {
  return `/* Confab chat widget loader */
(function (c) {
  if (window.__confabLoader) return;
  window.__confabLoader = true;
  function start(user) {
    var options = { customData: { platform: 'bigcommerce', storeHash: c.storeHash } };
    if (user) options.user = user;
    window.ConfabWidget(c.botId, 'bubble', options);
  }
  function withWidget(then) {
    if (window.ConfabWidget && window.ConfabWidget.__confab) return then();
    var s = document.createElement('script');
    s.src = c.widgetUrl;
    s.async = true;
    s.onload = then;
    (document.head || document.body).appendChild(s);
  }
  function get(url, options, done) {
    var x = new XMLHttpRequest();
    x.open(options.method || 'GET', url);
    if (options.body) x.setRequestHeader('Content-Type', 'application/json');
    x.withCredentials = !!options.credentials;
    x.timeout = 5000;
    x.onload = function () { done(x.status, x.responseText); };
    x.onerror = x.ontimeout = function () { done(0, ''); };
    x.send(options.body || null);
  }
  function customer(done) {
    get('/customer/current.jwt?app_client_id=' + encodeURIComponent(c.clientId), { credentials: true }, function (status, token) {
      if (status !== 200 || !token) return done(null);
      get(c.verifyUrl, { method: 'POST', body: JSON.stringify({ store: c.storeHash, token: token }) }, function (s, text) {
        var user = null;
        try { user = s === 200 ? JSON.parse(text).user || null : null; } catch (e) { user = null; }
        done(user);
      });
    });
  }
  customer(function (user) { withWidget(function () { start(user); }); });
})(${embed(config)});
`;
}
