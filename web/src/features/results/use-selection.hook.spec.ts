import { act, renderHook } from '@testing-library/react';
import { useSelection } from './use-selection.hook';

const order = [4, 0, 3, 1, 2];

it('toggles single items and selects a range with shift in the order shown', () => {
  const { result } = renderHook(() => useSelection());
  act(() => result.current.toggle(0, false, order));
  expect([...result.current.selected]).toEqual([0]);

  act(() => result.current.toggle(2, true, order));
  expect([...result.current.selected].sort()).toEqual([0, 1, 2, 3]);

  act(() => result.current.toggle(3, false, order));
  expect([...result.current.selected].sort()).toEqual([0, 1, 2]);

  act(() => result.current.clear());
  expect(result.current.selected.size).toBe(0);
});
