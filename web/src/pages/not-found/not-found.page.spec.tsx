import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render-with-providers';

it('answers an unknown address with the not-found page', async () => {
  renderWithProviders('/no/such/page');
  expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});
