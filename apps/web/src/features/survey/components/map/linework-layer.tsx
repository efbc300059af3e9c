import { Polygon, Polyline, Tooltip } from 'react-leaflet';
import { useLinework } from '../../api/feature-codes';

/**
 * The project's lines and polygons in their codes' colours, as the server builds them from the coded points
 * (decision 057); redrawn when the server says they changed, whoever measured. Arcs are drawn through their
 * measured points.
 */
export function LineworkLayer({ projectId }: { projectId: string }) {
  const { data } = useLinework(projectId);
  if (!data?.lines.length) return null;
  return (
    <>
      {data.lines.map((l) => {
        const positions = l.vertices.map((v) => [v.latitude, v.longitude] as [number, number]);
        const style = { color: l.colour, weight: l.join ? 2 : 3, dashArray: l.join ? '4 4' : undefined, interactive: true };
        const label = (
          <Tooltip sticky>
            {l.code}
            {l.string} · {l.vertices.length} points{l.closed ? ' · closed' : ''}
          </Tooltip>
        );
        return l.closed ? (
          <Polygon key={l.key} positions={positions} pathOptions={{ ...style, fillOpacity: 0.15 }}>
            {label}
          </Polygon>
        ) : (
          <Polyline key={l.key} positions={positions} pathOptions={style}>
            {label}
          </Polyline>
        );
      })}
    </>
  );
}
