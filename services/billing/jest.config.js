module.exports = { ...require('../../jest.preset'), displayName: 'billing' };
