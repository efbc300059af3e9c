import { Router } from 'express';
import { photoEndpoints as e, photoUploadQuery } from '@smi/contracts';
import type { AppDeps } from '../http/deps.js';
import { mount } from '../http/route.js';
import { photosRepository, toPhotoView } from './repository.js';
import { readablePoint, readPhotoBody, releasePhotoBody } from './point-photos.js';

/** A point's photos (decision 067): listed, added (the body is the image file), served, deleted. */
export function photoRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, sessions, photos } = deps;
  const load = sessions.userOf.bind(sessions);

  mount(router, e.listPhotos, load, async ({ user, params }) => {
    await readablePoint(db, user.workspace.id, params.projectId, params.pointId);
    return { success: true, photos: (await photosRepository.ofPoint(db, params.projectId, params.pointId)).map(toPhotoView) };
  });

  mount(
    router,
    e.uploadPhoto,
    load,
    async ({ user, params, req, res }) => {
      const { name } = photoUploadQuery.parse(req.query);
      const body = readPhotoBody(req);
      try {
        const photo = await photos.add(user.workspace.id, user.id, params.projectId, params.pointId, body, name);
        res.status(201);
        return { success: true, message: 'Photo added', photo };
      } finally {
        // add has read the body (it awaits it first) and is done with its bytes, stored or refused
        releasePhotoBody(body);
      }
    },
    // from its first byte to its answer (or its connection's end) the upload has the cores: thumbnails wait (decision 084)
    (_req, res, next) => {
      res.once('close', photos.thumbnails.uploading());
      next();
    },
  );

  for (const [endpoint, which] of [
    [e.photoFile, 'original'],
    [e.photoThumbnail, 'thumbnail'],
  ] as const) {
    mount(router, endpoint, load, async ({ user, params, res }) => {
      const { row, bytes } = await photos.file(user.workspace.id, params.projectId, params.pointId, params.photoId, which);
      res.set({
        'Content-Type': which === 'original' ? row.media_type : 'image/jpeg',
        // a photo's bytes never change under its id: the browser keeps it, for this user only
        'Cache-Control': 'private, max-age=604800, immutable',
        'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(which === 'original' ? row.file_name : `thumbnail-${row.file_name.replace(/\.\w+$/, '')}.jpg`)}`,
      });
      res.send(bytes);
    });
  }

  mount(router, e.deletePhoto, load, async ({ user, params }) => {
    await photos.remove(user.workspace.id, params.projectId, params.pointId, params.photoId);
    return { success: true, message: 'Photo deleted' };
  });
  return router;
}
