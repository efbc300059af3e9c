import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CODE_LIST } from '@smi/feature-codes';
import { renderApp } from '../../../test/render-app';
import { PointLineEdits } from './point-line-edits';

describe('editing the lines at a taken point', () => {
  it("offers each line and polygon code of the point (not its point codes), and shows the server's new code", async () => {
    const edit = vi.fn(async () => 'EP1 END FENCE TREE');
    renderApp(<PointLineEdits code="ep01 FENCE TREE" list={DEFAULT_CODE_LIST} edit={edit} />);
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['Line EP1', 'Line FENCE']);
    await userEvent.click(within(screen.getByRole('group', { name: 'Line EP1' })).getByRole('button', { name: 'Break here' }));
    expect(edit).toHaveBeenCalledWith('EP1', 'break');
    expect(await screen.findByTestId('point-code')).toHaveTextContent('EP1 END FENCE TREE');
  });

  it('moves the point along a line: the code stays and the move is said', async () => {
    const edit = vi.fn(async () => 'FENCE TREE');
    renderApp(<PointLineEdits code="FENCE TREE" list={DEFAULT_CODE_LIST} edit={edit} />);
    const fence = within(screen.getByRole('group', { name: 'Line FENCE' }));
    await userEvent.click(fence.getByRole('button', { name: 'Move earlier' }));
    expect(edit).toHaveBeenCalledWith('FENCE', 'earlier');
    expect(await screen.findByText('Moved one place earlier along FENCE')).toBeInTheDocument();
    await userEvent.click(fence.getByRole('button', { name: 'Move later' }));
    expect(edit).toHaveBeenLastCalledWith('FENCE', 'later');
    expect(screen.getByTestId('point-code')).toHaveTextContent('FENCE TREE');
  });

  it('shows nothing for an uncoded point or one with point codes only', () => {
    const { rerender } = renderApp(<PointLineEdits code="" list={DEFAULT_CODE_LIST} edit={vi.fn()} />);
    expect(screen.queryByRole('region', { name: 'Lines at this point' })).toBeNull();
    rerender(<PointLineEdits key="b" code="TREE" list={DEFAULT_CODE_LIST} edit={vi.fn()} />);
    expect(screen.queryByRole('region', { name: 'Lines at this point' })).toBeNull();
    rerender(<PointLineEdits key="c" code="TREE FENCE" list={DEFAULT_CODE_LIST} edit={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'Lines at this point' })).toBeInTheDocument();
  });
});
