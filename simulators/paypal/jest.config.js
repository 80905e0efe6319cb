module.exports = { ...require('../../jest.preset'), displayName: 'paypal-simulator' };
