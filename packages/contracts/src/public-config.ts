import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * What the browser needs from the server's configuration before anyone signs in: where map tiles come from
 * (TILE_URL) and where devices connect over MQTT. Neither is a secret; both are the same for every account.
 */
export const publicConfigReply = z.object({
  success: z.literal(true),
  /** A Leaflet tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  tileUrl: z.string(),
  /** Where devices connect, e.g. mqtt://survey.example.com:1883; null while the MQTT gateway is not running. */
  brokerUrl: z.string().nullable(),
  /** New devices must be activated with the key printed on them (the server has a maker key, decision 037). */
  deviceActivation: z.boolean().default(false),
});
export type PublicConfigReply = z.infer<typeof publicConfigReply>;

export const publicConfigEndpoints = {
  publicConfig: endpoint({ method: 'GET', path: '/api/config', access: 'public', permission: 'account' }),
};
