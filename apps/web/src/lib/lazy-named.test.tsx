import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyNamed } from './lazy-named';

/** A screen module whose download finishes when the test says so. */
function slowModule() {
  let finish!: () => void;
  let downloads = 0;
  const module = { MapScreen: ({ title }: { title: string }) => <h1>{title}</h1> };
  const load = () => {
    downloads++;
    return new Promise<typeof module>((ok) => {
      finish = () => ok(module);
    });
  };
  return { load, finish: () => finish(), downloads: () => downloads };
}

const page = (Screen: React.ComponentType<{ title: string }>) => (
  <Suspense fallback={<p>Loading screen</p>}>
    <Screen title="Survey map" />
  </Suspense>
);

describe('a screen loaded on first use', () => {
  it('shows the fallback until its code has arrived, then the screen with its props', async () => {
    const mod = slowModule();
    const Screen = lazyNamed(mod.load, 'MapScreen');
    render(page(Screen));
    expect(screen.getByText('Loading screen')).toBeInTheDocument();
    mod.finish();
    expect(await screen.findByRole('heading', { name: 'Survey map' })).toBeInTheDocument();
  });

  it('is drawn at once, without the fallback, when its code was preloaded', async () => {
    const mod = slowModule();
    const Screen = lazyNamed(mod.load, 'MapScreen');
    const preloaded = Screen.preload();
    mod.finish();
    await preloaded;
    render(page(Screen));
    expect(screen.getByRole('heading', { name: 'Survey map' })).toBeInTheDocument();
    expect(screen.queryByText('Loading screen')).not.toBeInTheDocument();
  });

  it('downloads its code once, however often it is preloaded and drawn', async () => {
    const mod = slowModule();
    const Screen = lazyNamed(mod.load, 'MapScreen');
    void Screen.preload();
    render(page(Screen));
    void Screen.preload();
    mod.finish();
    expect(await screen.findByRole('heading', { name: 'Survey map' })).toBeInTheDocument();
    expect(mod.downloads()).toBe(1);
  });

  it('asks again after a failed download', async () => {
    let attempts = 0;
    const Screen = lazyNamed(() => (++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ MapScreen: ({ title }: { title: string }) => <h1>{title} is back</h1> })), 'MapScreen');
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    render(page(Screen));
    expect(screen.getByRole('heading', { name: 'Survey map is back' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
