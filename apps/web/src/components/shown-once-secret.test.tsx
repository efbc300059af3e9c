import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShownOnceSecret } from './shown-once-secret';

const advice = 'Store it in the device now: it will not be shown again.';

describe('a secret shown once', () => {
  it('copies the value and says so only for the value it copied', async () => {
    const user = userEvent.setup();
    const view = render(<ShownOnceSecret value="first-secret" testId="secret" copyLabel="Copy secret" advice={advice} />);
    expect(screen.getByTestId('secret')).toHaveTextContent('first-secret');
    expect(screen.getByRole('status')).toHaveTextContent(advice);
    expect(screen.getByRole('status')).not.toHaveTextContent('Copied.');

    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe('first-secret');
    expect(screen.getByRole('status')).toHaveTextContent(`Copied. ${advice}`);

    // a new secret replaces the old one: nothing has copied it yet
    view.rerender(<ShownOnceSecret value="second-secret" testId="secret" copyLabel="Copy secret" advice={advice} />);
    expect(screen.getByTestId('secret')).toHaveTextContent('second-secret');
    expect(screen.getByRole('status')).not.toHaveTextContent('Copied.');
  });
});
