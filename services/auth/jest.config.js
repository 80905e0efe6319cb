module.exports = { ...require('../../jest.preset'), displayName: 'auth' };
