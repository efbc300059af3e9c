import type { recordPointBody } from '@smi/contracts';
import type { z } from 'zod';
import type { RecordDraft } from './components/record-point-dialog';

/** The POST /api/points body as the web sends it (the server fills in the defaults). */
export type RecordPointInput = z.input<typeof recordPointBody>;

/**
 * What is stored for a point recorded from the live sample: the position that was shown (corrected in known-base
 * mode), the fix's own time, the spec's grade, and what the receiver said about the fix, heights included (H from GGA,
 * its geoid separation N, and h = H + N), so every export has the point's heights (issue 16 item 5).
 */
export function recordBody(projectId: string, { name, section, rover, sample }: RecordDraft, clientId: string): RecordPointInput | null {
  if (!sample.position) return null;
  return {
    ProjectId: projectId,
    Name: name,
    Type: 'recorded',
    Latitude: sample.position.latitude,
    Longitude: sample.position.longitude,
    Accuracy: sample.accuracy,
    Timestamp: sample.timestamp ?? new Date().toISOString(),
    Device: rover.name !== 'N/A' ? rover.name : rover.code,
    Section: section,
    FixType: sample.fixType,
    Satellites: sample.satellites,
    Hdop: sample.hdop,
    HorizontalAccuracy: sample.accuracyMetres,
    VerticalAccuracy: sample.verticalMetres,
    Altitude: sample.altitude,
    EllipsoidalHeight: sample.ellipsoidalHeight,
    GeoidSeparation: sample.geoidSeparation,
    ClientId: clientId,
  };
}
