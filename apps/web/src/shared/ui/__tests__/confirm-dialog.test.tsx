import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
import { Button } from '../button.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';

/** A screen's use of the dialog: a button asks, the answer closes it; `loading` while the call runs. */
function DeleteUser({ onConfirm, loading = false }: { onConfirm: () => void; loading?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete user</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this user?"
        message="The user can no longer sign in."
        confirmLabel="Delete"
        danger
        loading={loading}
        onConfirm={() => {
          onConfirm();
          if (!loading) setOpen(false);
        }}
      />
    </>
  );
}

async function open(onConfirm = vi.fn(), loading = false) {
  const kit = renderKit(<DeleteUser onConfirm={onConfirm} loading={loading} />);
  const trigger = screen.getByRole('button', { name: 'Delete user' });
  await kit.user.click(trigger);
  const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
  return { ...kit, trigger, dialog, onConfirm };
}

describe('ConfirmDialog', () => {
  it('asks its question with its message, Cancel and the confirm label', async () => {
    const { dialog } = await open();
    expect(dialog).toHaveAccessibleDescription('The user can no longer sign in.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('confirms once on its confirm button and closes', async () => {
    const { user, dialog, onConfirm } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not confirm on Cancel, and focus returns to the button that opened it', async () => {
    const { user, dialog, onConfirm, trigger } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('does not confirm on Escape, and focus returns to the button that opened it', async () => {
    const { user, onConfirm, trigger } = await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('is used by keyboard alone: focus starts inside, Tab stays inside, Enter on the confirm button confirms', async () => {
    const { user, dialog, onConfirm } = await open();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Enter where focus lands first does not confirm: it is not the confirm button
    expect(document.activeElement).not.toBe(within(dialog).getByRole('button', { name: 'Delete' }));
    const focused = () => {
      const el = document.activeElement as HTMLElement;
      return el.getAttribute('aria-label') ?? el.textContent;
    };
    const order = [focused()];
    for (let i = 0; i < 3; i++) {
      await user.tab();
      order.push(focused());
    }
    // a destructive confirmation starts on Cancel (Enter there changes nothing), then Delete, the
    // close button, and round again (focus is trapped in the dialog)
    expect(order).toEqual(['Cancel', 'Delete', 'Close', 'Cancel']);
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cannot be cancelled while the confirmed call runs: confirm busy, Cancel disabled, Escape ignored', async () => {
    const { user, dialog, onConfirm } = await open(vi.fn(), true);
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Delete this user?' })).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
