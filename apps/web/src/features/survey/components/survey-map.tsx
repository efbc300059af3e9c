import { useMemo, useState } from 'react';
import { MapContainer, ScaleControl, TileLayer } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import '../../../components/map-controls.css';
import type { MeasurementSettings, ProjectView, UserSettings } from '@smi/contracts';
import { useTileSource } from '../../../lib/tiles';
import { useFeedStatus, useLiveReadings } from '../../../lib/use-live';
import { useNow } from '../hooks/use-now';
import { useWindowWidth } from '../hooks/use-window-width';
import { mapCentre } from '../rules/map-centre';
import { markerSize } from '../rules/marker-size';
import { baseView, intervalSeconds, knownBaseOf, placeRover, recordSample, roverView, type RoverView } from '../survey-model';
import { useQualityAlerts } from '../hooks/use-quality-alerts';
import { roverQuality } from '../rules/quality';
import { QualityBar } from './quality-bar';
import { AccuracyCircles } from './map/accuracy-circles';
import { BaseMarker, RoverMarker } from './map/device-markers';
import { FollowCentre, SizeFix } from './map/map-behaviour';
import { PointsLayer, surveyRenderer, type MapPoint } from './map/points-layer';
import { LineworkLayer } from './map/linework-layer';
import { StatusBox } from './status-box';
import { CorrectionsClients } from '../../../components/corrections-clients';
import { useBaseRtcm } from '../../../lib/base-rtcm';
import { useBaseSetups } from '../../../lib/base-setups';
import { SurveyControls } from './survey-controls';
import { SurveyPausedBar } from './survey-paused-bar';
import { RoverReadout } from './map/rover-readout';
import { surveyStatus } from '../../../lib/survey-status';
import type { Can } from '../../../lib/can';
import { liveStateOf } from '../rules/live-state';

export interface SurveyMapProps {
  project: ProjectView;
  points: (MapPoint & { Created_On: string })[];
  settings: UserSettings;
  /** The project's measurement settings: the default method, the antenna, the loss-of-fix alert. */
  measurement: MeasurementSettings;
  onMeasured: () => Promise<unknown>;
  onDiscard: (pointId: string) => Promise<void>;
  onAddSection: (name: string) => Promise<boolean>;
  onFilter: () => void;
  /** Resumes a paused (or reopens a completed) survey; resolves whether it did. */
  onResume?: () => Promise<boolean>;
  /** The signed-in user's check, for the recording controls. */
  can: Can;
}

/** The survey map: live rovers and base over the tiles, the recorded points, and the recording controls. */
export function SurveyMap({ project, points, settings, measurement, onMeasured, onDiscard, onAddSection, onFilter, onResume, can }: SurveyMapProps) {
  const base = project.BaseStationDevice;
  const rtcm = useBaseRtcm(base?._id).data;
  // the known base's height is the setup's (the server's rule); the list is read again when a correction saves
  const setups = useBaseSetups(project._id).data;
  const codes = useMemo(() => [...project.ClientDevices.map((d) => d.DeviceCode), ...(base ? [base.DeviceCode] : [])], [project.ClientDevices, base]);
  const readings = useLiveReadings(codes);
  const feed = useFeedStatus();
  const width = useWindowWidth();
  const size = markerSize(width);
  // while this page's feed is down nothing is live: what the rovers and base do now is not known here
  const online = feed.connected;
  const [follow, setFollow] = useState(true);

  // the clock ticks so a rover that falls silent turns stale (and its age counts up) with no reading arriving
  const nowMs = useNow(1000);
  const samplingIntervalS = intervalSeconds(settings.device.samplingInterval);
  const baseNow = useMemo(
    () => baseView(project, base ? readings[base.DeviceCode] : undefined, { nowMs, samplingIntervalS, online }, rtcm, setups),
    [project, base, readings, nowMs, samplingIntervalS, online, rtcm, setups],
  );
  const rovers: RoverView[] = useMemo(
    () => project.ClientDevices.map((d) => placeRover(roverView(d, readings[d.DeviceCode], { nowMs, samplingIntervalS, online }), baseNow, project)),
    [project, readings, nowMs, samplingIntervalS, online, baseNow],
  );
  const qualities = useMemo(() => {
    const baseAt = baseNow.livePosition ?? knownBaseOf(project);
    return rovers.map((r) => ({ code: r.code, name: r.name, quality: roverQuality(r.fix, r.live, baseAt), state: liveStateOf(r) }));
  }, [rovers, baseNow, project]);
  // a phone that lost its own connection does not alarm about the rovers: it cannot know what they do
  const alerts = useQualityAlerts(online ? qualities : [], measurement.Alerts);
  const status = surveyStatus(project.Status);
  const readout = rovers.find((r) => r.live && r.position);
  const readoutSample = readout ? recordSample(readout, baseNow, project) : null;
  const centre = mapCentre(
    rovers.filter((r) => r.live && r.position).map((r) => r.position!),
    points.map((p) => ({ latitude: p.Latitude, longitude: p.Longitude })),
    baseNow.position,
  );
  const [initial] = useState(centre);
  const [renderer] = useState(surveyRenderer);
  // the settings' only provider, OpenStreetMap, is served from the server's TILE_URL
  const tiles = useTileSource();

  return (
    // on a phone (< 480 px) the status box is a bar above the map, not over it: nothing on the map (a rover's label
    // near the top right) is covered by it; wider screens keep it floating in the corner
    <div className="relative isolate flex h-full w-full flex-col overflow-hidden">
      <QualityBar rows={qualities.map((q) => ({ ...q, alerts: alerts.get(q.code) ?? [] }))} unit={settings.system.distanceUnit} />
      {status !== 'Active' && <SurveyPausedBar status={status} onResume={onResume} />}
      <div className="relative flex min-h-0 w-full flex-1 flex-col">
        <MapContainer
          center={[initial.latitude, initial.longitude]}
          zoom={20}
          maxZoom={22}
          preferCanvas
          renderer={renderer}
          className="min-h-0 w-full flex-1"
          zoomControl
          attributionControl
        >
          {tiles && <TileLayer url={tiles.url} attribution={tiles.attribution} tileSize={256} maxZoom={22} maxNativeZoom={19} />}
          <SizeFix />
          <ScaleControl position="bottomleft" metric={settings.system.distanceUnit !== 'FEET'} imperial={settings.system.distanceUnit === 'FEET'} />
          <FollowCentre centre={centre} follow={follow} onUserMove={() => setFollow(false)} />
          <LineworkLayer projectId={project._id} />
          <PointsLayer points={points} unit={settings.system.distanceUnit} renderer={renderer} />
          {settings.map.accuracyCircles === 'Show' && <AccuracyCircles rovers={rovers} unit={settings.system.distanceUnit} />}
          <BaseMarker base={baseNow} size={size} />
          {rovers.map((r) => (
            <RoverMarker
              key={r.code}
              rover={r}
              size={size}
              base={baseNow.position}
              unit={settings.system.distanceUnit}
              grade={recordSample(r, baseNow, project).accuracy}
            />
          ))}
        </MapContainer>
        <div className="pointer-events-none absolute right-3 top-3 z-[1000] max-[479px]:static max-[479px]:order-first">
          <StatusBox
            feedText={feed.text}
            feedConnected={feed.connected}
            rovers={rovers}
            base={baseNow}
            rtcm={rtcm}
            knownCorrection={knownBaseOf(project) ? (baseNow.broadcast ? 'broadcast' : 'base-nmea') : null}
            receivers={<CorrectionsClients of={{ project: project._id }} compact />}
            foldable={width < 480}
          />
        </div>
        {readout && readoutSample && (
          // bottom left, above the scale bar: clear of the zoom buttons, the status box and the round buttons
          <div className="pointer-events-none absolute bottom-9 left-2 z-[1000]">
            <RoverReadout rover={readout} projectId={project._id} reading={readoutSample.reading} antenna={measurement.Antenna} unit={settings.system.distanceUnit} />
          </div>
        )}
        <SurveyControls
          project={project}
          points={points}
          rovers={rovers}
          sampleFor={(r) => recordSample(r, baseNow, project)}
          measurement={measurement}
          unit={settings.system.distanceUnit}
          onMeasured={onMeasured}
          onDiscard={onDiscard}
          onAddSection={onAddSection}
          onFilter={onFilter}
          onRecentre={follow ? undefined : () => setFollow(true)}
          surveyStatus={status}
          onResume={onResume}
          can={can}
        />
      </div>
    </div>
  );
}
