import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

const visitor = { status: 200, body: { isAuthenticated: false, user: null } };

async function registerForm(path = '/auth?mode=register') {
  const api = fakeApi({
    'GET /api/auth/status': visitor,
    'POST /api/auth/register': {
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'password must be at least 8 characters' },
    },
  });
  const rendered = renderWithProviders(path);
  const form = within(await screen.findByRole('tabpanel', { name: /^(Register|إنشاء حساب|Inscription)$/ }));
  return { ...rendered, ...api, form };
}

describe('registration form rules and errors', () => {
  it('shows the password rule before anything is submitted', async () => {
    const { form } = await registerForm();
    expect(form.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters (at most 128).');
  });

  it('refuses a short password in the visitor’s words, without asking the server', async () => {
    const { form, user, calls } = await registerForm();
    await user.type(form.getByLabelText('Username'), 'ada');
    await user.type(form.getByLabelText('Password'), 'short');
    await user.click(form.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('A password needs 8 to 128 characters.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/register')).toBe(false);
  });

  it.each([
    ['ad', 'A username needs 3 to 254 characters.'],
    ['ada@example.com', 'A username may contain @ only when it is your email address.'],
  ])('explains what is wrong with the username %p', async (username, message) => {
    const { form, user } = await registerForm();
    await user.type(form.getByLabelText('Username'), username);
    await user.type(form.getByLabelText('Password'), 'correct horse battery');
    await user.click(form.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('explains a bad email address, and does it in Arabic', async () => {
    const { form, user } = await registerForm('/ar/auth?mode=register');
    const inputs = form.getAllByRole('textbox');
    await user.type(inputs[0], 'ada');
    await user.type(inputs[2], 'not-an-address');
    await user.type(form.getByLabelText('كلمة المرور'), 'correct horse battery');
    await user.click(form.getByRole('button', { name: /إنشاء/ }));
    expect(await screen.findByText('يرجى إدخال عنوان بريد إلكتروني صالح.')).toBeInTheDocument();
    expect(form.getByLabelText('كلمة المرور')).toHaveAccessibleDescription('8 أحرف على الأقل (128 حرفًا كحد أقصى).');
  });

  // The form checks what the contract checks, so this is the case of a server with a rule this build lacks.
  it('translates a refusal the server words in English by its code, never showing the English', async () => {
    const { form, user } = await registerForm('/fr/auth?mode=register');
    await user.type(form.getAllByRole('textbox')[0], 'ada');
    await user.type(form.getByLabelText('Mot de passe'), 'correct horse battery');
    await user.click(form.getByRole('button', { name: /Créer/ }));
    expect(await screen.findByText("Échec de l'inscription")).toBeInTheDocument();
    expect(screen.getByText("La requête n'est pas valide.")).toBeInTheDocument();
    expect(screen.queryByText('password must be at least 8 characters')).not.toBeInTheDocument();
  });

  it('keeps a refusal under the form, marks the field it is about and puts focus there', async () => {
    const { form, user } = await registerForm();
    await user.type(form.getByLabelText('Username'), 'ada');
    await user.type(form.getByLabelText('Password'), 'short');
    await user.click(form.getByRole('button', { name: 'Create Account' }));
    const password = form.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters (at most 128). Input Error A password needs 8 to 128 characters.',
    );
    expect(form.getByRole('alert')).toHaveTextContent('A password needs 8 to 128 characters.');
    expect(form.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
  });

  it('puts focus on the error itself when the server refuses for no field in particular', async () => {
    const { form, user } = await registerForm('/auth?mode=register');
    await user.type(form.getByLabelText('Username'), 'ada');
    await user.type(form.getByLabelText('Password'), 'correct horse battery');
    await user.click(form.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(form.getByRole('alert')).toHaveFocus());
    expect(form.getByRole('alert')).toHaveTextContent('Registration failed');
    expect(form.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });
});
