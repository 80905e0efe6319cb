module.exports = { ...require('../../jest.preset'), displayName: 'image-header' };
