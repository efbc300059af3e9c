import type { BaseRtcmView } from '@smi/contracts';
import type { Queryable } from '@smi/db';
import { ecefToGeodetic } from '@smi/geodesy';

interface Row {
  station_id: number | null;
  message_types: Record<string, { count: number; firstAt: number; lastAt: number }>;
  arp_x: number | null;
  arp_y: number | null;
  arp_z: number | null;
  arp_antenna_height: number | null;
  arp_message_type: number | null;
  arp_itrf_year: number | null;
  arp_at: Date | null;
  antenna: string | null;
  antenna_serial: string | null;
  receiver: string | null;
  firmware: string | null;
  receiver_serial: string | null;
  last_observation_at: Date | null;
  latency_ms: number | null;
  frames: string | number;
  crc_failures: string | number;
  updated_at: Date;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** What GET /api/devices/{id} shows of a base's RTCM stream; null for a device that never sent RTCM. */
export async function baseRtcmOf(q: Queryable, deviceId: string, now = Date.now()): Promise<BaseRtcmView | null> {
  const [r] = await q.query<Row>('SELECT * FROM base_rtcm_state WHERE device_id = $1', [deviceId]);
  if (!r) return null;
  const hasPosition = r.arp_x !== null && r.arp_y !== null && r.arp_z !== null;
  const geo = hasPosition ? ecefToGeodetic(r.arp_x!, r.arp_y!, r.arp_z!) : null;
  return {
    StationId: r.station_id,
    MessageTypes: Object.entries(r.message_types)
      .map(([type, t]) => ({
        Type: Number(type),
        Count: t.count,
        IntervalS: t.count > 1 ? Math.round((t.lastAt - t.firstAt) / (t.count - 1)) / 1000 : null,
        LastAt: iso(new Date(t.lastAt)),
      }))
      .sort((a, b) => a.Type - b.Type),
    Position:
      hasPosition && geo
        ? {
            X: r.arp_x!,
            Y: r.arp_y!,
            Z: r.arp_z!,
            Latitude: geo.latitude,
            Longitude: geo.longitude,
            EllipsoidalHeight: geo.height,
            AntennaHeight: r.arp_antenna_height,
            MessageType: r.arp_message_type ?? 1005,
            ItrfYear: r.arp_itrf_year,
            At: iso(r.arp_at ?? r.updated_at),
          }
        : null,
    Antenna: r.antenna,
    AntennaSerial: r.antenna_serial,
    Receiver: r.receiver,
    Firmware: r.firmware,
    ReceiverSerial: r.receiver_serial,
    LastCorrectionAt: r.last_observation_at ? iso(r.last_observation_at) : null,
    CorrectionAgeS: r.last_observation_at ? Math.max(0, (now - new Date(r.last_observation_at).getTime()) / 1000) : null,
    LatencyS: r.latency_ms === null ? null : r.latency_ms / 1000,
    Frames: Number(r.frames),
    CrcFailures: Number(r.crc_failures),
    UpdatedAt: iso(r.updated_at),
  };
}
