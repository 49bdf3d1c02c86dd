/* global URLSearchParams */
// A fake Stripe.js for the browser tests (served for https://js.stripe.com/<train>/stripe.js by a
// Playwright route). It implements the part of Stripe.js the checkout uses, the way Stripe.js does it:
// Stripe(key) → elements({ mode: 'payment', amount, currency, appearance }) (a deferred intent; the
// older elements({ clientSecret }) too) → create('payment') / mount / on('ready' | 'change') / update /
// destroy; elements.submit() checks the card fields, and must come before confirmPayment({ elements,
// clientSecret, confirmParams, redirect }) of a deferred intent, as Stripe.js requires; confirmPayment
// posts the card to https://api.stripe.com/v1/payment_intents/:id/confirm with the publishable key and
// client secret; retrievePaymentIntent(clientSecret). The card fields live in a frame from https://js.stripe.com, so
// the page never sees them (and the site's CSP must allow that frame, the script and the API).
(function () {
  'use strict';
  var RELEASE_TRAIN = '__RELEASE_TRAIN__';
  var API = 'https://api.stripe.com/v1';
  var FRAME_ORIGIN = 'https://js.stripe.com';
  var FRAME_URL = FRAME_ORIGIN + '/v3/elements-inner-payment-fake.html';
  var frames = 0;

  function integrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  /** { a: { b: 1 } } → 'a[b]=1' (Stripe's form encoding). */
  function encode(data) {
    var params = new URLSearchParams();
    (function add(value, prefix) {
      if (value === undefined || value === null) return;
      if (typeof value === 'object') {
        Object.keys(value).forEach(function (key) {
          add(value[key], prefix ? prefix + '[' + key + ']' : key);
        });
      } else {
        params.append(prefix, String(value));
      }
    })(data, '');
    return params.toString();
  }

  function call(method, path, data) {
    var query = encode(data);
    var url = API + path + (method === 'GET' ? '?' + query : '');
    var init =
      method === 'GET'
        ? { method: 'GET' }
        : { method: method, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: query };
    return fetch(url, init).then(
      function (response) {
        return response.json().then(function (json) {
          return response.ok
            ? { value: json }
            : { error: json.error || { type: 'api_error', message: 'Unknown error' } };
        });
      },
      function () {
        return {
          error: {
            type: 'api_connection_error',
            message: 'We could not connect to Stripe. Please check your connection and try again.',
          },
        };
      },
    );
  }

  function intentId(clientSecret) {
    var match = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(clientSecret));
    if (!match) throw integrationError('Invalid value for clientSecret: ' + clientSecret);
    return match[1];
  }

  function PaymentElement(elements, options) {
    this._elements = elements;
    this._options = options || {};
    this._handlers = {};
    this._name = 'fake-stripe-payment-' + ++frames;
    this._frame = null;
    this._pending = null;
    this._destroyed = false;
    this._onMessage = this._onMessage.bind(this);
  }

  PaymentElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  PaymentElement.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler ? list.filter((h) => h !== handler) : [];
    return this;
  };
  PaymentElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) {
      handler(payload);
    });
  };
  PaymentElement.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node)
      throw integrationError('The selector you specified (' + target + ') applies to no DOM elements.');
    var frame = document.createElement('iframe');
    frame.name = this._name;
    frame.title = 'Secure payment input frame';
    frame.setAttribute('allow', 'payment *');
    frame.setAttribute('frameborder', '0');
    frame.setAttribute('scrolling', 'no');
    frame.style.width = '100%';
    frame.style.height = '190px';
    frame.style.border = '0';
    frame.style.display = 'block';
    var setup = {
      name: this._name,
      parentOrigin: window.location.origin,
      appearance: this._elements._appearance,
    };
    frame.src = FRAME_URL + '#' + encodeURIComponent(JSON.stringify(setup));
    window.addEventListener('message', this._onMessage);
    node.appendChild(frame);
    this._frame = frame;
    this._emit('loaderstart', { elementType: 'payment' });
  };
  PaymentElement.prototype._onMessage = function (event) {
    var data = event.data;
    if (event.origin !== FRAME_ORIGIN || !data || data.__fakeStripe !== true || data.name !== this._name)
      return;
    if (data.type === 'ready') this._emit('ready', { elementType: 'payment' });
    if (data.type === 'change') {
      this._emit('change', {
        elementType: 'payment',
        complete: data.complete,
        empty: data.empty,
        collapsed: false,
        value: { type: 'card' },
      });
    }
    if (data.type === 'card' && this._pending) {
      var resolve = this._pending;
      this._pending = null;
      resolve(data);
    }
  };
  /** The card details from the frame (or its validation error). */
  PaymentElement.prototype._collect = function () {
    var frame = this._frame;
    if (!frame || !frame.contentWindow) return Promise.reject(integrationError('Element not mounted'));
    return new Promise(
      function (resolve) {
        this._pending = resolve;
        frame.contentWindow.postMessage({ __fakeStripe: true, type: 'collect' }, FRAME_ORIGIN);
      }.bind(this),
    );
  };
  PaymentElement.prototype.update = function (options) {
    Object.assign(this._options, options || {});
  };
  PaymentElement.prototype.focus = function () {};
  PaymentElement.prototype.blur = function () {};
  PaymentElement.prototype.clear = function () {};
  PaymentElement.prototype.collapse = function () {
    return this;
  };
  PaymentElement.prototype.unmount = function () {
    window.removeEventListener('message', this._onMessage);
    if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    this._frame = null;
  };
  PaymentElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    if (this._elements._payment === this) this._elements._payment = null;
  };

  function checkAmount(amount, currency) {
    if (typeof amount !== 'number' || !(amount > 0) || Math.floor(amount) !== amount)
      throw integrationError(
        'Invalid value for elements(): amount should be a positive integer. You specified: ' + amount + '.',
      );
    if (typeof currency !== 'string' || !/^[a-z]{3}$/.test(currency))
      throw integrationError(
        'Invalid value for elements(): currency should be a lowercase currency code. You specified: ' +
          currency +
          '.',
      );
  }

  function Elements(stripe, options) {
    options = options || {};
    this._stripe = stripe;
    this._appearance = options.appearance || {};
    this._payment = null;
    this._submitted = false;
    if (options.clientSecret) {
      intentId(options.clientSecret);
      this._clientSecret = options.clientSecret;
      this._deferred = false;
      return;
    }
    if (options.mode !== 'payment')
      throw integrationError("In this fake, elements() needs a clientSecret or mode: 'payment'.");
    checkAmount(options.amount, options.currency);
    this._clientSecret = null;
    this._deferred = true;
    this._amount = options.amount;
    this._currency = options.currency;
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'payment')
      throw integrationError('This fake Stripe.js only creates the Payment Element, not ' + type);
    if (this._payment) throw integrationError('Can only create one Element of type payment.');
    this._payment = new PaymentElement(this, options);
    return this._payment;
  };
  Elements.prototype.getElement = function (type) {
    return type === 'payment' ? this._payment : null;
  };
  Elements.prototype.update = function (options) {
    options = options || {};
    if (options.appearance) this._appearance = options.appearance;
    if (options.amount !== undefined || options.currency !== undefined) {
      if (!this._deferred) throw integrationError("Only a deferred intent's elements take an amount.");
      var amount = options.amount !== undefined ? options.amount : this._amount;
      var currency = options.currency !== undefined ? options.currency : this._currency;
      checkAmount(amount, currency);
      this._amount = amount;
      this._currency = currency;
    }
  };
  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };
  Elements.prototype.submit = function () {
    var element = this._payment;
    if (!element)
      return Promise.resolve({ error: { type: 'validation_error', message: 'No Payment Element.' } });
    return element._collect().then((result) => {
      if (result.error) return { error: result.error };
      this._submitted = true;
      return {};
    });
  };

  function StripeInstance(key, options) {
    this._key = key;
    this._options = options || {};
  }
  StripeInstance.prototype._registerWrapper = function () {};
  StripeInstance.prototype.registerAppInfo = function () {};
  // Methods of Stripe.js the checkout does not use (react-stripe-js checks they exist).
  ['createToken', 'createPaymentMethod', 'confirmCardPayment', 'handleNextAction'].forEach(function (name) {
    StripeInstance.prototype[name] = function () {
      return Promise.reject(integrationError('The fake Stripe.js does not implement ' + name + '().'));
    };
  });
  StripeInstance.prototype.elements = function (options) {
    return new Elements(this, options);
  };
  StripeInstance.prototype.confirmPayment = function (options) {
    var key = this._key;
    options = options || {};
    var elements = options.elements;
    if (!(elements instanceof Elements))
      return Promise.reject(integrationError('confirmPayment needs elements'));
    var confirmParams = options.confirmParams || {};
    var redirect = options.redirect || 'always';
    if (redirect === 'always' && !confirmParams.return_url)
      return Promise.reject(
        integrationError('confirmPayment(): the `confirmParams.return_url` argument is required.'),
      );
    var element = elements._payment;
    if (!element || element._destroyed)
      return Promise.reject(integrationError('No Payment Element is mounted.'));
    var clientSecret;
    if (elements._deferred) {
      if (!elements._submitted)
        return Promise.reject(
          integrationError('elements.submit() must be called before stripe.confirmPayment().'),
        );
      if (!options.clientSecret)
        return Promise.reject(integrationError('confirmPayment(): the `clientSecret` argument is required.'));
      clientSecret = options.clientSecret;
    } else {
      clientSecret = elements._clientSecret;
    }
    var id;
    try {
      id = intentId(clientSecret);
    } catch (error) {
      return Promise.reject(error);
    }
    // A deferred intent is confirmed once per submit (Stripe.js asks for a new submit each time).
    elements._submitted = false;
    return element._collect().then(function (collected) {
      if (collected.error) return { error: collected.error };
      var body = {
        key: key,
        client_secret: clientSecret,
        payment_method_data: { type: 'card', card: collected.card },
        return_url: confirmParams.return_url,
        receipt_email: confirmParams.receipt_email,
        expected_payment_method_type: 'card',
        use_stripe_sdk: 'true',
      };
      return call('POST', '/payment_intents/' + encodeURIComponent(id) + '/confirm', body).then(
        function (result) {
          if (result.error) return { error: result.error };
          var intent = result.value;
          if (redirect === 'always' && confirmParams.return_url) {
            var target = new URL(confirmParams.return_url);
            target.searchParams.set('payment_intent', intent.id);
            target.searchParams.set('payment_intent_client_secret', clientSecret);
            target.searchParams.set(
              'redirect_status',
              intent.status === 'succeeded' ? 'succeeded' : 'failed',
            );
            window.location.assign(target.toString());
            return new Promise(function () {});
          }
          return { paymentIntent: intent };
        },
      );
    });
  };
  StripeInstance.prototype.retrievePaymentIntent = function (clientSecret) {
    var id = intentId(clientSecret);
    return call('GET', '/payment_intents/' + encodeURIComponent(id), {
      key: this._key,
      client_secret: clientSecret,
    }).then(function (result) {
      return result.error ? { error: result.error } : { paymentIntent: result.value };
    });
  };

  function Stripe(key, options) {
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key))
      throw integrationError('Invalid API Key provided: ' + key);
    return new StripeInstance(key, options);
  }
  Stripe.version = RELEASE_TRAIN;
  window.Stripe = Stripe;
})();
