/**
 * The stand-in for PayPal's JS SDK (`/sdk/js?client-id=…`): `paypal.Buttons({createOrder, onApprove, onCancel,
 * onError, onInit})` with `isEligible`, `render`, `close` and `updateProps`, as @paypal/react-paypal-js calls them.
 * Its button opens the checkout page in a popup, as PayPal's does; the page reports Approve or Cancel back with
 * postMessage, and closing the popup is a cancel.
 */
export function sdkScript(origin: string): string {
  return `(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(origin)};
  function Buttons(props) {
    props = props || {};
    var container = null;
    var enabled = true;
    var button = null;
    function fail(error) {
      if (typeof props.onError === 'function') props.onError(error instanceof Error ? error : new Error(String(error)));
    }
    function checkout() {
      if (!enabled) return;
      var popup = window.open('', 'paypal-simulator-checkout', 'width=520,height=680');
      if (!popup) return fail(new Error('The PayPal window was blocked.'));
      var decided = false;
      function finish() {
        window.removeEventListener('message', onMessage);
        clearInterval(watch);
      }
      function onMessage(event) {
        if (event.origin !== ORIGIN || !event.data || event.data.source !== 'paypal-simulator') return;
        decided = true;
        finish();
        var data = { orderID: event.data.orderID, payerID: event.data.payerID || null, paymentSource: 'paypal', facilitatorAccessToken: 'simulator' };
        var handler = event.data.type === 'approve' ? props.onApprove : props.onCancel;
        if (typeof handler !== 'function') return;
        Promise.resolve()
          .then(function () { return handler(data, {}); })
          .catch(fail);
      }
      var watch = setInterval(function () {
        if (!popup.closed || decided) return;
        finish();
        if (typeof props.onCancel === 'function') props.onCancel({ orderID: currentOrder });
      }, 400);
      var currentOrder = null;
      window.addEventListener('message', onMessage);
      Promise.resolve()
        .then(function () { return props.createOrder ? props.createOrder({ paymentSource: 'paypal' }, {}) : Promise.reject(new Error('createOrder is required')); })
        .then(function (orderID) {
          currentOrder = orderID;
          popup.location.href = ORIGIN + '/checkoutnow?token=' + encodeURIComponent(orderID) + '&sdk=1';
        })
        .catch(function (error) {
          decided = true;
          finish();
          popup.close();
          fail(error);
        });
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('Document is ready and element ' + target + ' does not exist'));
        button = document.createElement('button');
        button.type = 'button';
        button.setAttribute('aria-label', 'PayPal');
        button.setAttribute('data-funding-source', 'paypal');
        button.style.cssText = 'display:flex;align-items:center;justify-content:center;gap:6px;width:100%;height:45px;border:0;border-radius:6px;background:#ffc439;color:#003087;font:italic 700 20px/1 Verdana,Arial,sans-serif;cursor:pointer';
        button.innerHTML = '<span>Pay</span><span style="color:#009cde;margin-inline-start:-6px">Pal</span>';
        button.addEventListener('click', checkout);
        container.appendChild(button);
        if (typeof props.onInit === 'function') {
          props.onInit({}, {
            enable: function () { enabled = true; button.disabled = false; return Promise.resolve(); },
            disable: function () { enabled = false; button.disabled = true; return Promise.resolve(); },
          });
        }
        return Promise.resolve();
      },
      updateProps: function (next) { Object.assign(props, next); return Promise.resolve(); },
      close: function () {
        if (button && button.parentNode) button.parentNode.removeChild(button);
        return Promise.resolve();
      },
    };
  }
  window.paypal = { version: '5.0.0-simulator', Buttons: Buttons, FUNDING: { PAYPAL: 'paypal', CARD: 'card', PAYLATER: 'paylater', VENMO: 'venmo' } };
})();
`;
}
