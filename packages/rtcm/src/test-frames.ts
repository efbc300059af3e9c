// More RTCM 3 frames for tests (the station messages and the encoder itself are in encode.ts).
import { BitWriter, rtcmFrame } from './encode.js';

export { BitWriter, rtcmFrame, station1005or1006, type StationFields } from './encode.js';

export function antenna1008(stationId: number, antenna: string, setupId: number, serial: string): Buffer {
  return rtcmFrame(new BitWriter().put(1008, 12).put(stationId, 12).text(antenna).put(setupId, 8).text(serial).bytes());
}

export function descriptors1033(
  stationId: number,
  d: { antenna: string; setupId: number; antennaSerial: string; receiver: string; firmware: string; receiverSerial: string },
): Buffer {
  return rtcmFrame(
    new BitWriter()
      .put(1033, 12)
      .put(stationId, 12)
      .text(d.antenna)
      .put(d.setupId, 8)
      .text(d.antennaSerial)
      .text(d.receiver)
      .text(d.firmware)
      .text(d.receiverSerial)
      .bytes(),
  );
}

/** A GLONASS 1012 header with no satellites (epoch in ms of the Moscow day). */
export function glonass1012(stationId: number, epochMs: number): Buffer {
  return rtcmFrame(new BitWriter().put(1012, 12).put(stationId, 12).put(epochMs, 27).put(0, 1).put(0, 5).put(0, 4).bytes());
}

/** An MSM header with the given satellites and one signal, no cell data (enough for the epoch time). */
export function msmHeader(type: number, stationId: number, epochMs: number, satellites: number[], glonassDay = 0): Buffer {
  const w = new BitWriter().put(type, 12).put(stationId, 12);
  if (Math.floor(type / 10) === 108) w.put(glonassDay, 3).put(epochMs, 27);
  else w.put(epochMs, 30);
  w.put(0, 1).put(0, 3).put(0, 7).put(0, 2).put(0, 2).put(0, 1).put(0, 3);
  for (let i = 1; i <= 64; i++) w.put(satellites.includes(i) ? 1 : 0, 1);
  w.put(1, 1).put(0, 31);
  return rtcmFrame(w.bytes());
}
