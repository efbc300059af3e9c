import type { EpochRejectReason, FixType } from '@smi/contracts';

/** What the point is made of: the mark's position and the evidence decision 016 stores with it. */
export interface Measurement {
  latitude: number;
  longitude: number;
  /** of the mark: the phase centre's minus the antenna */
  altitude: number | null;
  ellipsoidalHeight: number | null;
  geoidSeparation: number | null;
  antennaToPhaseCentre: number;
  sigmaE: number;
  sigmaN: number;
  sigmaU: number;
  receiverSigmaE: number | null;
  receiverSigmaN: number | null;
  receiverSigmaU: number | null;
  hdop: number | null;
  pdop: number | null;
  vdop: number | null;
  satellites: number | null;
  satellitesMin: number | null;
  satellitesMax: number | null;
  epochs: number;
  epochsRejected: number;
  rejectedReasons: Record<string, number>;
  fixPercent: number;
  fix: FixType;
  correctionAge: number | null;
  startedAt: number;
  endedAt: number;
  warnings: string[];
  /** raw epochs the statistics set aside after they were written: seq -> reason */
  setAside: Map<number, EpochRejectReason>;
}
