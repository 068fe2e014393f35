import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authController } from '#shared/http/client.ts';
import { renderKit } from '#testing/render-kit.tsx';
import { ActionButton, ActionGroup } from '../action-button.tsx';

const signInAs = (role: string) =>
  authController.signIn({ jwt: 'j', refreshToken: 'r', user: { id: 1, username: 'admin1', firstName: 'A', lastName: 'B', email: 'a@b.c', role, updatedAt: '2026-01-01T00:00:00Z', creator: null } });

const DEPOSITS = 'Your role cannot do this. Roles that can: Super admin and Finance maker.';

afterEach(() => authController.signOut());

describe('ActionButton (an action that may be off says why on the screen)', () => {
  it('without the permission: disabled, the reason written under it naming the roles that may, and pointed at', () => {
    signInAs('operationMaker');
    renderKit(<ActionButton permission="submitDepositRequest">Create request</ActionButton>);
    const button = screen.getByRole('button', { name: 'Create request' });
    expect(button).toBeDisabled();
    const reason = screen.getByTestId('blocked-reason');
    expect(reason).toBeVisible();
    expect(reason).toHaveTextContent(DEPOSITS);
    expect(button).toHaveAttribute('aria-describedby', reason.id);
    expect(button).toHaveAccessibleDescription(DEPOSITS);
  });

  it('with the permission: enabled, no reason, nothing described, and it runs', async () => {
    signInAs('financeMaker');
    const onClick = vi.fn();
    const { user } = renderKit(
      <ActionButton permission="submitDepositRequest" onClick={onClick}>
        Create request
      </ActionButton>,
    );
    const button = screen.getByRole('button', { name: 'Create request' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-describedby');
    expect(button).not.toHaveAttribute('title');
    expect(screen.queryByTestId('blocked-reason')).toBeNull();
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('a reason other than the permission is said the same way; the permission comes first', () => {
    signInAs('superAdmin');
    const { rerender } = renderKit(<ActionButton blocked="You submitted this request: another admin must approve or decline it.">Approve</ActionButton>);
    const button = screen.getByRole('button', { name: 'Approve' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You submitted this request: another admin must approve or decline it.');

    // the reason goes: the button is on again and the line leaves
    rerender(<ActionButton blocked={null}>Approve</ActionButton>);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.queryByTestId('blocked-reason')).toBeNull();

    authController.signOut();
    signInAs('operationMaker');
    rerender(
      <ActionButton permission="submitDepositRequest" blocked="The order's status does not allow this.">
        Approve
      </ActionButton>,
    );
    expect(screen.getByTestId('blocked-reason')).toHaveTextContent(DEPOSITS);
  });

  it('several permissions: any of them will do; without all, the roles of each are named', () => {
    signInAs('none');
    renderKit(<ActionButton permission={['submitDepositRequest', 'approveDepositRequest']}>Create request</ActionButton>);
    expect(screen.getByTestId('blocked-reason')).toHaveTextContent('Your role cannot do this. Roles that can: Super admin, Finance approver, and Finance maker.');
    // another admin signs in: the same screen follows the session
    act(() => {
      authController.signOut();
      signInAs('financeApprover');
    });
    expect(screen.getByRole('button', { name: 'Create request' })).toBeEnabled();
  });
});

describe('ActionGroup (a tool bar whose buttons may be off)', () => {
  it('buttons off for one reason share one line, said once, each pointing at it', () => {
    signInAs('operationMaker');
    renderKit(
      <ActionGroup>
        <ActionButton permission="editAdmin">Edit</ActionButton>
        <ActionButton permission="resetAdminPassword">Reset password</ActionButton>
        <ActionButton permission="deleteAdmin">Delete</ActionButton>
      </ActionGroup>,
    );
    const lines = screen.getAllByTestId('blocked-reason');
    expect(lines.map((line) => line.textContent)).toEqual(['Your role cannot do this. Roles that can: Super admin.']);
    for (const name of ['Edit', 'Reset password', 'Delete']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-describedby', lines[0]!.id);
    }
  });

  it('different reasons: a line each, naming the buttons it holds; an enabled button points at none', () => {
    signInAs('financeMaker');
    renderKit(
      <ActionGroup>
        <ActionButton permission="createOrder">New order</ActionButton>
        <ActionButton permission="resetUserPassword">Reset password</ActionButton>
        <ActionButton permission="logoutUser">Force logout</ActionButton>
        <ActionButton permission="deleteUser">Delete</ActionButton>
      </ActionGroup>,
    );
    const lines = screen.getAllByTestId('blocked-reason');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Reset password and Force logout: Your role cannot do this. Roles that can: Super admin, Operation approver, and Operation maker.',
      'Delete: Your role cannot do this. Roles that can: Super admin and Operation approver.',
    ]);
    expect(screen.getByRole('button', { name: 'New order' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'New order' })).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('button', { name: 'Force logout' })).toHaveAttribute('aria-describedby', lines[0]!.id);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-describedby', lines[1]!.id);
  });

  it('a button whose content is not plain text is named by its label', () => {
    signInAs('superAdmin');
    renderKit(
      <ActionGroup>
        <ActionButton>Settle</ActionButton>
        <ActionButton label="Revert" blocked="The order's status does not allow this.">
          <span>Revert</span>
        </ActionButton>
      </ActionGroup>,
    );
    expect(screen.getByTestId('blocked-reason')).toHaveTextContent("Revert: The order's status does not allow this.");
  });
});
