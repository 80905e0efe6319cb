module.exports = { ...require('../../jest.preset'), displayName: 'gateway' };
