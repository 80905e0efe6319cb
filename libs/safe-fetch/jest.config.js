module.exports = { ...require('../../jest.preset'), displayName: 'safe-fetch' };
