import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PageHeader } from './page-header';

describe('the page header Back button', () => {
  it('takes a screen opened directly (no earlier screen in this visit) to its list, not out of the app', async () => {
    render(
      <MemoryRouter initialEntries={['/devices/ROVER-1']}>
        <Routes>
          <Route path="/devices/:deviceId" element={<PageHeader title="Rover One" back />} />
          <Route path="/devices" element={<h1>Devices list</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByRole('heading', { name: 'Devices list' })).toBeInTheDocument();
  });
});
