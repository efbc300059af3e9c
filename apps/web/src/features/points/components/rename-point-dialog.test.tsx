import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/render-app';
import { ApiError } from '../../../lib/api-client';
import { RenamePointDialog } from './rename-point-dialog';

const point = { _id: 'p1', Name: 'P1' };

function open(rename: (id: string, name: string) => Promise<unknown>) {
  const onClose = vi.fn();
  const onRenamed = vi.fn();
  renderApp(<RenamePointDialog point={point} onClose={onClose} rename={rename} onRenamed={onRenamed} />);
  return { onClose, onRenamed, input: screen.getByLabelText('Enter a new name') };
}

describe('Modify the Point', () => {
  it('starts from the current name and saves the new one trimmed', async () => {
    const user = userEvent.setup();
    const rename = vi.fn(async () => ({ success: true }));
    const { onClose, onRenamed, input } = open(rename);
    expect(screen.getByRole('dialog', { name: 'Modify the Point' })).toBeInTheDocument();
    expect(input).toHaveValue('P1');
    await user.clear(input);
    await user.type(input, '  Kerb corner  ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(rename).toHaveBeenCalledWith('p1', 'Kerb corner');
    expect(await screen.findByText('Point renamed successfully')).toBeInTheDocument();
    expect(onRenamed).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("refuses a blank name with 'Name cannot be empty' and stays open", async () => {
    const user = userEvent.setup();
    const rename = vi.fn();
    const { onClose, input } = open(rename);
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name cannot be empty');
    expect(rename).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes with 'Failed to rename point' when the server refuses without a message", async () => {
    const user = userEvent.setup();
    const { onClose } = open(async () => {
      throw new ApiError('Request failed (500 Internal Server Error)', 500, undefined);
    });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to rename point')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('stays open on the reason when another point has the name (409), and saves another name after', async () => {
    const user = userEvent.setup();
    const message = 'A point named “CP-2” already exists in this project. Choose another name.';
    const rename = vi.fn(async (_id: string, name: string) => {
      if (name === 'CP-2') throw new ApiError('Request failed (409 Conflict)', 409, { success: false, message });
      return { success: true };
    });
    const { onClose, input } = open(rename);
    await user.clear(input);
    await user.type(input, 'CP-2');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onClose).not.toHaveBeenCalled();
    await user.type(input, 'a');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(rename).toHaveBeenLastCalledWith('p1', 'CP-2a');
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it("closes with 'Error renaming point: {message}' when the call itself fails", async () => {
    const user = userEvent.setup();
    const { onClose } = open(async () => {
      throw new ApiError('Cannot reach the server.', 0);
    });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error renaming point: Cannot reach the server.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('Discard closes it without renaming', async () => {
    const user = userEvent.setup();
    const rename = vi.fn();
    const { onClose } = open(rename);
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(rename).not.toHaveBeenCalled();
  });
});
