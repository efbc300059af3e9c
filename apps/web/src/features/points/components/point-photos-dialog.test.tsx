import { canAll } from '../../../lib/can';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { photoNoThumbnail, type PhotoView } from '@smi/contracts';
import { renderApp } from '../../../test/render-app';
import type { Point } from '../api/points';
import { PointPhotosDialog } from './point-photos-dialog';

const photo = (id: string, name: string, problem: string | null): PhotoView => ({
  _id: id,
  PointId: 'p1',
  FileName: name,
  MediaType: 'image/jpeg',
  Bytes: 3_300_000,
  Width: 4032,
  Height: 3024,
  TakenAt: null,
  Created_On: '2026-11-28T10:00:00.000Z',
  RecordedBy: null,
  Url: `/api/points/x/p1/photos/${id}`,
  ThumbnailUrl: `/api/points/x/p1/photos/${id}/thumbnail`,
  ThumbnailProblem: problem,
});

describe("a point's photos whose picture could not be decoded (decision 081)", () => {
  it('shows a No preview tile in place of the thumbnail, and the original with the reason when opened', async () => {
    const user = userEvent.setup();
    const point = { _id: 'p1', Name: 'MH1', Photos: [photo('a', 'lid.jpg', null), photo('b', 'damaged.jpg', photoNoThumbnail)] } as unknown as Point;
    renderApp(<PointPhotosDialog projectId="x" point={point} can={canAll} onClose={vi.fn()} onChanged={vi.fn(async () => {})} />);

    expect(screen.getByRole('img', { name: 'lid.jpg' })).toHaveAttribute('src', '/api/points/x/p1/photos/a/thumbnail');
    // no request for a thumbnail that does not exist: a tile that says so instead
    expect(screen.queryByRole('img', { name: 'damaged.jpg' })).not.toBeInTheDocument();
    expect(screen.getByTestId('photo-no-preview')).toHaveTextContent('No preview');
    expect(screen.getByTestId('photo-no-preview')).toHaveAttribute('title', photoNoThumbnail);

    await user.click(screen.getByRole('button', { name: 'Open damaged.jpg' }));
    expect(screen.getByTestId('photo-full')).toHaveAttribute('src', '/api/points/x/p1/photos/b');
    expect(screen.getByText(photoNoThumbnail)).toBeInTheDocument();
  });
});
