import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/i18n';
import { Modal } from './modal.component';

/** A control that opens the shared dialog by state, as the gallery's tiles and the header's Login do. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Elsewhere</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <Modal open={open} onClose={() => setOpen(false)} className="">
        <Dialog.Title>Shown</Dialog.Title>
        <Dialog.Description>A dialog</Dialog.Description>
      </Modal>
    </>
  );
}

describe('the shared dialog', () => {
  it('gives focus back to the control that opened it, on Escape and on Close', async () => {
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={createI18n()}>
        <Opener />
      </I18nextProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Open it' });

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Shown' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
