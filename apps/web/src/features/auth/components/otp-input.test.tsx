import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { completeCode, emptyCode, OtpInput } from './otp-input';

function Harness() {
  const [code, setCode] = useState(emptyCode);
  return (
    <>
      <OtpInput value={code} onChange={setCode} />
      <output data-testid="code">{code.map((d) => d || '_').join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);
const code = () => screen.getByTestId('code').textContent;

describe('the six code boxes', () => {
  it('take one digit each and move to the next box as the user types', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    expect(code()).toBe('123___');
    expect(box(4)).toHaveFocus();
  });

  it('ignore anything that is not a digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('a-4 x');
    expect(code()).toBe('4_____');
    expect(box(2)).toHaveFocus();
  });

  it('spread a pasted code starting at the box that has focus, digits only', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.paste('98-76 54');
    expect(code()).toBe('__9876');
    expect(box(6)).toHaveFocus();
  });

  it('go back to the previous box on Backspace in an empty box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    await user.keyboard('{Backspace}');
    expect(code()).toBe('1_____');
    expect(box(2)).toHaveFocus();
  });

  it('replace the digit of a box typed over', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(box(1));
    await user.keyboard('7');
    expect(code()).toBe('72____');
  });

  it('give a code only when all six digits are there', () => {
    expect(completeCode(['1', '2', '3', '4', '5', ''])).toBeNull();
    expect(completeCode(['1', '2', '3', '4', '5', '6'])).toBe('123456');
  });
});
