import { render } from '@testing-library/react';
import { WebAddress } from './web-address.component';

describe('a web address shown', () => {
  it('keeps the end of a long address apart, so a narrow box cuts it in the middle', () => {
    const url = 'https://www.example.com/blog/2026/11/a-very-long-article-name/summer-sale.html';
    const { container } = render(<WebAddress url={url} />);
    const address = container.querySelector('bdi')!;
    expect(address).toHaveAttribute('dir', 'ltr');
    expect(address).toHaveAttribute('title', url);
    expect(address.textContent).toBe(url);
    const [start, end] = [...address.children];
    expect(start).toHaveClass('truncate');
    expect(end.textContent).toBe('e-name/summer-sale.html'.slice(-20));
    expect(end).toHaveClass('shrink-0');
  });

  it('leaves a short address whole', () => {
    const { container } = render(<WebAddress url="https://example.com/" />);
    expect(container.querySelector('bdi')!.children).toHaveLength(1);
  });
});
