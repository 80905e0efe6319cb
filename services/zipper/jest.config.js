module.exports = { ...require('../../jest.preset'), displayName: 'zipper' };
