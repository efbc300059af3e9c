import { join } from 'node:path';
import type { Db } from '@smi/db';
import { createOtps } from './auth/otp.js';
import { createSessions } from './auth/session.js';
import type { AppDeps } from './http/deps.js';
import { createLimiters, type Limiters } from './http/rate-limit.js';
import { AppEvents } from './events.js';
import type { Logger } from './logger.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { folderPhotoStore, photoStoreRoot, type PhotoStore } from './photos/photo-store.js';
import { photoService } from './photos/point-photos.js';
import type { ThumbnailYield } from './photos/thumbnails.js';

export interface ComposeOptions {
  db: Db;
  log: Logger;
  jwtSecret: string;
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  tileUrl: string;
  trustProxy?: number;
  webDist?: string;
  limiters?: Limiters;
  mailer?: Mailer;
  healthToken?: string;
  maxSocketsPerUser?: number;
  /** GRIDS_DIR; default DATA_DIR/grids. */
  gridsDir?: string;
  /** DEVICE_ACTIVATION_SECRET (decision 027). */
  deviceActivationSecret?: string;
  /** Where work after a reply goes (default: the next turn of the event loop); tests hold it. */
  afterReply?: AppDeps['afterReply'];
  /** Where photo files go: an S3 bucket in distributed mode; default DATA_DIR/photos (decision 067). */
  photoStore?: PhotoStore;
  /** How photo thumbnails give way to uploads (decision 084); tests shorten or lengthen it. */
  thumbnailYield?: ThumbnailYield;
}

/** Wires the app's collaborators from plain options: main.ts and the tests build the same thing. */
export function composeDeps(o: ComposeOptions): AppDeps {
  const afterReply: AppDeps['afterReply'] =
    o.afterReply ??
    ((job) =>
      setImmediate(() => {
        job().catch((err: unknown) => o.log.warn({ err }, 'work after a reply failed'));
      }));
  return {
    db: o.db,
    log: o.log,
    events: new AppEvents(),
    photos: photoService({ db: o.db, store: o.photoStore ?? folderPhotoStore(photoStoreRoot(o.dataDir)), log: o.log, schedule: afterReply, yieldTo: o.thumbnailYield }),
    sessions: createSessions({ secret: o.jwtSecret, secure: !!o.publicUrl?.startsWith('https:'), db: o.db }),
    otps: createOtps(o.jwtSecret),
    mailer: o.mailer ?? createMailer({ smtpUrl: o.smtpUrl, from: o.mailFrom, outboxDir: join(o.dataDir, 'outbox'), log: o.log }),
    limiters: o.limiters ?? createLimiters(),
    afterReply,
    config: {
      publicUrl: o.publicUrl,
      webDist: o.webDist,
      tileUrl: o.tileUrl,
      trustProxy: o.trustProxy ?? 0,
      healthToken: o.healthToken,
      maxSocketsPerUser: o.maxSocketsPerUser,
      gridsDir: o.gridsDir ?? join(o.dataDir, 'grids'),
      deviceActivationSecret: o.deviceActivationSecret,
    },
  };
}
