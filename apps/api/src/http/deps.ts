import type { Db } from '@smi/db';
import type { Sessions } from '../auth/session.js';
import type { Otps } from '../auth/otp.js';
import type { Mailer } from '../mail/mailer.js';
import type { Limiters } from './rate-limit.js';
import type { Logger } from '../logger.js';
import type { AppEvents } from '../events.js';
import type { LiveFeed } from '../realtime/live-feed.js';
import type { PhotoService } from '../photos/point-photos.js';

/** Everything the HTTP app needs, built once by main.ts (or by a test) and passed in. */
export interface AppDeps {
  db: Db;
  sessions: Sessions;
  otps: Otps;
  mailer: Mailer;
  limiters: Limiters;
  log: Logger;
  events: AppEvents;
  /** Points' photos and the store their files are in (decision 067). */
  photos: PhotoService;
  /**
   * Work that must not delay an answer, because its time would tell something (a mail to an address that has an
   * account, decision 019): run after the reply is out. A job handles its own errors. Tests may hold the queue.
   */
  afterReply: (job: () => Promise<void>) => void;
  /** The realtime feed and its MQTT link, attached once the HTTP server listens (absent in api-only tests). */
  live?: LiveFeed;
  config: {
    /** https://... : cookies become Secure and this origin is allowed for state-changing requests. */
    publicUrl?: string;
    /** The built SPA to serve; absent in api-only tests. */
    webDist?: string;
    tileUrl: string;
    trustProxy: number;
    /** Bearer token that shows /api/health's counters from outside the host (HEALTH_TOKEN). */
    healthToken?: string;
    /** Sockets one account may hold open on this process (MAX_SOCKETS_PER_USER; default 20). */
    maxSocketsPerUser?: number;
    /** GRIDS_DIR: NTv2 and geoid grids the coordinate systems need (decisions 024, 029). */
    gridsDir?: string;
    /** DEVICE_ACTIVATION_SECRET, the maker's key: new devices wait for their activation key (decision 027). */
    deviceActivationSecret?: string;
  };
}
