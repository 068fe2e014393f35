import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderKit } from '#testing/render-kit.tsx';
import { Button } from '../button.tsx';
import { ReviewDialog } from '../review-dialog.tsx';

/** A screen's use of the review: a button opens it with the figures of the moment; Confirm sends. */
function PlaceOrder({ onConfirm, warnings = [], blocked }: { onConfirm: () => void; warnings?: string[]; blocked?: string }) {
  const [open, setOpen] = useState(false);
  const final = '292.000';
  return (
    <>
      <Button onClick={() => setOpen(true)}>Place order</Button>
      <ReviewDialog
        open={open}
        onOpenChange={setOpen}
        title="Review the order"
        sections={[
          { title: 'Price', lines: [{ label: 'Price per gram', value: `${final} MYR`, hint: 'premium 2.000 included' }] },
          { lines: [{ label: 'Total', value: '584.00 MYR', total: true, testId: 'total' }] },
        ]}
        warnings={warnings}
        acknowledgeLabel="I have checked these prices"
        blocked={blocked}
        confirmLabel="Confirm order"
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

async function open(props: Partial<Parameters<typeof PlaceOrder>[0]> = {}) {
  const onConfirm = vi.fn();
  const kit = renderKit(<PlaceOrder onConfirm={onConfirm} {...props} />);
  await kit.user.click(screen.getByRole('button', { name: 'Place order' }));
  const dialog = await screen.findByRole('dialog', { name: 'Review the order' });
  return { ...kit, dialog, onConfirm, confirm: within(dialog).getByRole('button', { name: 'Confirm order' }) };
}

describe('ReviewDialog', () => {
  it('shows each line with what it is made of and the total set apart; Confirm sends once', async () => {
    const { user, dialog, confirm, onConfirm } = await open();
    expect(within(dialog).getByText('Price per gram')).toBeInTheDocument();
    expect(within(dialog).getByText('premium 2.000 included')).toBeInTheDocument();
    expect(within(dialog).getByTestId('total')).toHaveTextContent('584.00 MYR');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends nothing on Cancel or Escape', async () => {
    const { user, dialog, onConfirm } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('waits for the acknowledgement of its warnings, and a tick never carries over to a new opening', async () => {
    const { user, dialog, confirm, onConfirm } = await open({ warnings: ['Cost price 0.001 is 100.00% from the mid 289.4291'] });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Cost price 0.001 is 100.00% from the mid 289.4291');
    expect(confirm).toBeDisabled();
    const tick = within(dialog).getByRole('checkbox', { name: 'I have checked these prices' });
    await user.click(tick);
    expect(confirm).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByRole('checkbox', { name: 'I have checked these prices' })).not.toBeChecked();
    expect(within(again).getByRole('button', { name: 'Confirm order' })).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('says why it cannot run, on the screen, and keeps Confirm disabled', async () => {
    const { dialog, confirm } = await open({ blocked: 'The customer cannot pay: 584.00 MYR needed, 100.00 available.' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The customer cannot pay: 584.00 MYR needed, 100.00 available.');
    expect(confirm).toBeDisabled();
  });
});
