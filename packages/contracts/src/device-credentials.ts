import { z } from 'zod';
import { id } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * MQTT credentials of a device: its code is the username, a generated secret the password. The secret is shown
 * once, when it is made; the server keeps only a bcrypt hash, and making a new one ends the old one at once.
 */
export const deviceSecretParams = z.strictObject({ id });

export const deviceSecretReply = z.object({
  success: z.literal(true),
  /** The MQTT username: the device code. */
  username: z.string(),
  /** The MQTT password, shown only in this reply. */
  secret: z.string(),
  /** Where the device connects, e.g. mqtt://survey.example.com:1883 */
  brokerUrl: z.string(),
  message: z.string().optional(),
});
export type DeviceSecretReply = z.infer<typeof deviceSecretReply>;

/**
 * A device's own NTRIP password, apart from its MQTT secret (plain NTRIP carries it in the clear, so it should be
 * worth nothing on the broker). Shown once; once made, the caster takes it, and no longer the MQTT secret, for the
 * device's pulls and pushes; a new one ends the old one and the connections made with it.
 */
export const deviceNtripPasswordReply = z.object({
  success: z.literal(true),
  /** The NTRIP user name (a rover's pulls, a base's NTRIP 2 push): the device code. */
  username: z.string(),
  /** The NTRIP password, shown only in this reply. */
  password: z.string(),
  message: z.string().optional(),
});
export type DeviceNtripPasswordReply = z.infer<typeof deviceNtripPasswordReply>;

/** The activation key printed on (or flashed into) the device by its maker: proves once that the owner holds it. */
export const claimDeviceBody = z.strictObject({
  activationKey: z.string({ error: 'Enter the activation key' }).trim().min(1, 'Enter the activation key').max(200, 'Wrong activation key'),
});
export type ClaimDeviceBody = z.infer<typeof claimDeviceBody>;

export const deviceCredentialEndpoints = {
  newDeviceSecret: endpoint({ method: 'POST', path: '/api/devices/:id/secret', access: 'verified', permission: 'manage', params: deviceSecretParams }),
  newDeviceNtripPassword: endpoint({ method: 'POST', path: '/api/devices/:id/ntrip-password', access: 'verified', permission: 'manage', params: deviceSecretParams }),
  claimDevice: endpoint({ method: 'POST', path: '/api/devices/:id/claim', access: 'verified', permission: 'manage', params: deviceSecretParams, body: claimDeviceBody }),
};
