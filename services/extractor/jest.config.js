module.exports = { ...require('../../jest.preset'), displayName: 'extractor' };
