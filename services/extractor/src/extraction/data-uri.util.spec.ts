import { solidPng } from '@pixtract/testing';
import { dataUriBytes } from './data-uri.util';

describe('dataUriBytes', () => {
  it('decodes base64 and percent-encoded payloads', () => {
    expect(dataUriBytes('data:image/svg+xml,%3Csvg%3E')?.toString()).toBe('<svg>');
    expect(dataUriBytes(`data:image/png;base64,${solidPng(2, 3).toString('base64')}`)).toEqual(solidPng(2, 3));
  });
});
