import { deviceCheckReply, deviceEndpoints, deviceReply } from '@smi/contracts';
import { call } from '../../../lib/api-client';

/**
 * Connect = check the code, then add it to the user's connected list. A failure is shown inline under the code box;
 * the server's own message wins when it sends one.
 */
export async function connectDevice(userId: string, code: string): Promise<string> {
  const trimmed = code.trim();
  if (!trimmed) throw new Error('Please enter a device ID');
  const check = await call(deviceEndpoints.checkDevice, { params: { deviceCode: trimmed }, reply: deviceCheckReply, quiet: true });
  if (!check.exists) throw new Error('Device not found');
  if (check.isInUse) throw new Error('This device is already connected to a project');
  const reply = await call(deviceEndpoints.addDevice, { params: { userId }, body: { DeviceCode: trimmed }, reply: deviceReply, quiet: true });
  return reply.message ?? 'Device connected successfully!';
}
