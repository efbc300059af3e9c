#!/usr/bin/python3
"""Regenerates assets/crs-catalogue.json.gz from PROJ's proj.db with GDAL's osr (Debian: proj-data, python3-gdal).

Every EPSG projected and geographic 2D CRS that is not deprecated: code, name, kind, unit, area of use and its
bounding box, the first axis (east or north: the order EPSG states the coordinates in), a proj4 string with the
datum shift to WGS 84 GDAL guesses for a bound CRS (+towgs84, as `projinfo --boundcrs-to-wgs84`), WKT1 (GDAL
flavour, with EPSG authority codes: the shapefile's .prj) and, where EPSG defines the datum shift by an NTv2 grid,
the grid's file name. Dev-time only: the product reads the committed file and never needs PROJ or GDAL.

Usage: /usr/bin/python3 packages/geodesy/scripts/build-crs-catalogue.py [/usr/share/proj/proj.db]
"""
import gzip, json, os, sqlite3, sys
from osgeo import osr

osr.UseExceptions()
DB = sys.argv[1] if len(sys.argv) > 1 else '/usr/share/proj/proj.db'
OUT = os.path.join(os.path.dirname(__file__), '..', 'assets', 'crs-catalogue.json.gz')
db = sqlite3.connect(DB)

AREA = """(SELECT e.name || '|' || e.south_lat || '|' || e.west_lon || '|' || e.north_lat || '|' || e.east_lon
  FROM usage u JOIN extent e ON e.auth_name = u.extent_auth_name AND e.code = u.extent_code
  WHERE u.object_table_name = '%s' AND u.object_auth_name = c.auth_name AND u.object_code = c.code LIMIT 1)"""
AXIS = """(SELECT m.name || '|' || a.orientation FROM axis a JOIN unit_of_measure m ON m.auth_name = a.uom_auth_name AND m.code = a.uom_code
  WHERE a.coordinate_system_auth_name = c.coordinate_system_auth_name AND a.coordinate_system_code = c.coordinate_system_code
  ORDER BY a.coordinate_system_order LIMIT 1)"""
rows = db.execute(f"""SELECT c.code, c.name, 'projected', c.geodetic_crs_code, {AREA % 'projected_crs'}, {AXIS}
  FROM projected_crs c WHERE c.auth_name = 'EPSG' AND c.deprecated = 0 AND c.geodetic_crs_auth_name = 'EPSG'
  UNION ALL
  SELECT c.code, c.name, 'geographic', c.code, {AREA % 'geodetic_crs'}, {AXIS}
  FROM geodetic_crs c WHERE c.auth_name = 'EPSG' AND c.deprecated = 0 AND c.type = 'geographic 2D'""").fetchall()

# NTv2 grids EPSG gives for a base geographic CRS to WGS 84 / ETRS89 (old PROJ file names, as PROJ-data's aliases),
# with the area each grid covers: a CRS gets the grid only if the grid covers the CRS's whole area of use (NAD83 has a
# Saskatchewan grid, which must not apply to Florida's State Plane).
grids_of = {}
for base, grid, south, west, north, east in db.execute("""SELECT g.source_crs_code, COALESCE(a.old_proj_grid_name, g.grid_name),
    e.south_lat, e.west_lon, e.north_lat, e.east_lon
  FROM grid_transformation g LEFT JOIN grid_alternatives a ON a.original_grid_name = g.grid_name
  JOIN usage u ON u.object_table_name = 'grid_transformation' AND u.object_auth_name = g.auth_name AND u.object_code = g.code
  JOIN extent e ON e.auth_name = u.extent_auth_name AND e.code = u.extent_code
  WHERE g.deprecated = 0 AND g.source_crs_auth_name = 'EPSG' AND g.target_crs_auth_name = 'EPSG'
    AND g.target_crs_code IN ('4326', '4258') AND g.method_name = 'NTv2'
  ORDER BY g.target_crs_code DESC, g.code"""):
    if grid.lower().endswith('.gsb'):
        grids_of.setdefault(str(base), []).append((grid, (west, south, east, north)))
# NTF (4275, and 4807 with the Paris meridian): EPSG's grid is gr3df97a.txt (not NTv2); IGN publishes the same shift
# as ntf_r93.gsb (IGNF NTFG -> RGF93), covering France.
for ntf in ('4275', '4807'):
    grids_of.setdefault(ntf, []).append(('ntf_r93.gsb', (-5.5, 41.0, 10.0, 52.0)))

def grid_for(base, bbox):
    if not bbox:
        return None
    w, s_, e, n = bbox
    for grid, (gw, gs, ge, gn) in grids_of.get(str(base), []):
        if gw - 0.1 <= w and gs - 0.1 <= s_ and e <= ge + 0.1 and n <= gn + 0.1:
            return grid
    return None

# EPSG vertical CRSs whose heights come from a geoid grid over WGS 84 / ETRS89 / NAD83 ellipsoidal heights.
vertical = {}
for code, name, grid in db.execute("""SELECT v.code, v.name, COALESCE(a.old_proj_grid_name, g.grid_name)
  FROM vertical_crs v JOIN grid_transformation g ON g.target_crs_auth_name = 'EPSG' AND g.target_crs_code = v.code
  LEFT JOIN grid_alternatives a ON a.original_grid_name = g.grid_name
  WHERE v.auth_name = 'EPSG' AND v.deprecated = 0 AND g.deprecated = 0
    AND g.method_name LIKE 'Geographic3D to GravityRelatedHeight%' ORDER BY v.code, g.code"""):
    vertical.setdefault(code, {'code': int(code), 'name': name, 'grid': grid})

out = []
for code, name, kind, base, area, axis in rows:
    try:
        s = osr.SpatialReference()
        s.ImportFromEPSG(int(code))
        try:
            s.AddGuessedTOWGS84()
        except RuntimeError:
            pass
        proj4 = s.ExportToProj4().strip()
        wkt = s.ExportToWkt()
    except RuntimeError:
        continue  # a CRS PROJ cannot write as a proj4 string is left out
    if not proj4 or not wkt:
        continue
    area_name, south, west, north, east = (area or '||||').split('|')
    unit, orientation = (axis or 'metre|east').split('|')
    if kind == 'geographic':
        unit = 'degree'
    bbox = [float(west), float(south), float(east), float(north)] if area else None
    out.append({
        'code': int(code), 'name': name, 'kind': kind, 'unit': unit, 'area': area_name,
        'bbox': bbox,
        'axes': 'ne' if orientation == 'north' else 'en',
        'proj4': proj4, 'wkt': wkt, 'grid': grid_for(base, bbox),
    })
out.sort(key=lambda c: c['code'])
version = db.execute("SELECT value FROM metadata WHERE key = 'EPSG.VERSION'").fetchone()[0]
data = json.dumps({'source': f'proj.db EPSG {version}', 'crs': out, 'vertical': list(vertical.values())}, separators=(',', ':')).encode()
with open(OUT, 'wb') as f:
    f.write(gzip.compress(data, 9, mtime=0))
print(f'{len(out)} CRS, {len(vertical)} vertical, {len(data)} bytes JSON, {os.path.getsize(OUT)} bytes gzipped')
