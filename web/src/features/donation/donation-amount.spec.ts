import { amountInput, donationAmount } from './donation-amount';

describe('donation amount', () => {
  it.each([
    ['12', '12'],
    ['12.5', '12.5'],
    ['12.345', '12.34'],
    ['1.2.3', '1.23'],
    ['$ 1,000', '1000'],
    ['-5', '5'],
    ['abc', ''],
  ])('keeps digits and one dot of %p: %p', (typed, kept) => {
    expect(amountInput(typed)).toBe(kept);
  });

  it.each([
    ['5', '5.00'],
    ['10.5', '10.50'],
    ['.5', '0.50'],
    ['10000', '10000.00'],
  ])('takes %p as %p', (typed, amount) => {
    expect(donationAmount(typed)).toBe(amount);
  });

  it.each([[''], ['0'], ['0.00'], ['.'], ['10000.01'], ['1.234']])('refuses %p', (typed) => {
    expect(donationAmount(typed)).toBeNull();
  });
});
