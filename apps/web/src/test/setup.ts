import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach } from 'vitest';

// A toast raised while no toast area is mounted (a request answering after its test unmounted the screen) waits in
// react-toastify's module-level queue and shows in the next toast area mounted, another test's; dismissing with no
// area mounted empties that queue, so every test starts without one.
beforeEach(() => void toast.dismiss());
afterEach(() => {
  cleanup();
  toast.dismiss();
});
