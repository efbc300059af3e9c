import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { segmentsOf } from '../geometry/segments.js';
import { stationOffset } from '../geometry/station-offset.js';
import { parseLandXml } from './landxml.js';

const path = fileURLToPath(new URL('../../test/fixtures/design-1.2.xml', import.meta.url));
const r = parseLandXml(readFileSync(path), { projectEpsg: 32631 });
const line = (name: string) => r.lines.find((l) => l.name === name)!;

describe('a LandXML 1.2 design', () => {
  it('is well-formed XML for xmllint (the LandXML 1.2 schema is not available offline to validate against)', () => {
    expect(() => execFileSync('xmllint', ['--noout', path], { stdio: 'pipe' })).not.toThrow();
  });

  it('reads CgPoints as "northing easting elevation", nested groups as layers, and a pntRef', () => {
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.points.map((p) => [p.name, p.e, p.n, p.h, p.code, p.layer])).toEqual([
      ['1', 452000, 5411000, 35, 'CP', ''],
      ['2', 452010.456, 5411010.123, 35.125, 'EP', ''],
      ['3', 452030.25, 5411020.5, null, 'MANHOLE', ''],
      ['L1', 452100, 5411100, 36.5, 'LOT', 'Lot corners'],
      ['L2', 452130, 5411100, 36.9, 'LOT', 'Lot corners'],
      ['CP1-copy', 452000, 5411000, 35, '', ''],
    ]);
    expect(r.points[1]!.line).toBe(11);
  });

  it('joins a PlanFeature\'s Line, Curve and Line into one polyline, the curve a counter-clockwise bulge', () => {
    const kerb = line('Kerb-Left');
    expect(kerb.layer).toBe('Kerbs');
    expect(kerb.vertices.map((v) => [v.e, v.n, v.h])).toEqual([[452010, 5411010, 35.1], [452060, 5411010, 35.6], [452080, 5411030, 35.9], [452080, 5411070, 36.3]]);
    // a quarter turn to the left: bulge tan(90 deg / 4)
    expect(kerb.vertices[1]!.bulge).toBeCloseTo(Math.tan(Math.PI / 8), 12);
    const arc = segmentsOf(kerb)[1]!.arc!;
    expect([arc.ce, arc.cn, arc.r]).toEqual([expect.closeTo(452060, 9), expect.closeTo(5411030, 9), expect.closeTo(20, 9)]);
    // by hand: 50 m of line, 20 x pi/2 of arc, 40 m of line
    expect(stationOffset(kerb, 452080, 5411070)!.station).toBeCloseTo(50 + 10 * Math.PI + 40, 9);
    // the middle of the arc, 1 m outside it (right of a left turn)
    const mid = stationOffset(kerb, 452060 + 21 * Math.SQRT1_2, 5411030 - 21 * Math.SQRT1_2)!;
    expect(mid.station).toBeCloseTo(50 + 5 * Math.PI, 9);
    expect(mid.offset).toBeCloseTo(1, 9);
    expect(mid.elevation).toBeCloseTo(35.75, 9);
  });

  it('reads an IrregularLine ring as a closed line and an Alignment from its start station, turning clockwise', () => {
    const pad = line('Pad');
    expect(pad.closed).toBe(true);
    expect(pad.vertices).toHaveLength(4);
    const cl = line('CL');
    expect(cl.layer).toBe('Road');
    expect(cl.startStation).toBe(1000);
    expect(cl.vertices[1]!.bulge).toBeCloseTo(-Math.tan(Math.PI / 8), 12);
    expect(stationOffset(cl, 452250, 5411050)!.station).toBeCloseTo(1000 + 100 + 25 * Math.PI, 9);
  });

  it('reads a file in US survey feet into metres', () => {
    const ft = parseLandXml('<LandXML version="1.1"><Units><Imperial linearUnit="USSurveyFoot" areaUnit="squareFoot" volumeUnit="cubicYard"/></Units><CgPoints><CgPoint name="A">1000 2000 100</CgPoint></CgPoints></LandXML>');
    expect(ft.points[0]!.n).toBeCloseTo(1000 * (1200 / 3937), 10);
    expect(ft.points[0]!.e).toBeCloseTo(2000 * (1200 / 3937), 10);
  });
});

describe('broken LandXML files: each error named by its line, nothing imported from a malformed one', () => {
  const head = '<?xml version="1.0"?>\n<LandXML version="1.2">\n<Units><Metric linearUnit="meter"/></Units>\n';

  it('XML that is not well-formed', () => {
    expect(parseLandXml(`${head}<CgPoints>\n<CgPoint name="1">1 2 3</CgPoints>\n</LandXML>`)).toEqual({
      points: [], lines: [], warnings: [],
      errors: [{ line: 5, message: 'the file is not well-formed XML: </CgPoints> closes <CgPoint> opened on line 5' }],
    });
    expect(parseLandXml(`${head}<CgPoints>\n<CgPoint name="1">1 2 3</CgPoint>\n`).errors).toEqual([
      { line: 6, message: 'the file is not well-formed XML: <CgPoints> opened on line 4 is never closed' },
    ]);
    expect(parseLandXml(`${head}<CgPoints a="1" a="2"/></LandXML>`).errors[0]!.message).toMatch(/attribute a given twice/);
    expect(parseLandXml('<!DOCTYPE x [<!ENTITY a "aaaa">]><LandXML/>').errors[0]!.message).toMatch(/DOCTYPE with definitions/);
    expect(parseLandXml(`${head}<CgPoints><CgPoint name="&bogus;">1 2</CgPoint></CgPoints></LandXML>`).errors[0]!.message).toMatch(/unknown entity "&bogus;"/);
  });

  it('bad points, a repeated name, a dangling reference, a broken curve', () => {
    const text = `${head}<CgPoints>
<CgPoint name="1">5000 abc 10</CgPoint>
<CgPoint name="2">5000</CgPoint>
<CgPoint name="3">5000 1000 10</CgPoint>
<CgPoint name="3">5001 1001 11</CgPoint>
<CgPoint>5002 1002</CgPoint>
<CgPoint name="4" pntRef="99"/>
</CgPoints>
<PlanFeatures><PlanFeature name="K"><CoordGeom>
<Curve rot="ccw"><Start>0 0</Start><Center>0 10</Center><End>12 10</End></Curve>
</CoordGeom></PlanFeature></PlanFeatures>
</LandXML>`;
    const res = parseLandXml(text);
    expect(res.points.map((p) => p.name)).toEqual(['3']);
    expect(res.lines).toEqual([]);
    expect(res.errors).toEqual([
      { line: 5, message: 'CgPoint "1": "abc" is not a number' },
      { line: 6, message: 'CgPoint "2": "5000" is not "northing easting [elevation]"' },
      { line: 8, message: 'the point name "3" is already used on line 7' },
      { line: 9, message: 'a CgPoint has no name' },
      { line: 10, message: 'CgPoint "4" refers to "99", which is not a point of the file' },
      { line: 13, message: 'PlanFeature "K": the Curve\'s Start and End are not on one circle about its Center (radii 10.000 and 12.000 m)' },
    ]);
  });

  it('a file in another coordinate system, an unknown unit, or not LandXML at all, as a whole', () => {
    expect(parseLandXml(readFileSync(path), { projectEpsg: 2154 }).errors).toEqual([
      { line: 6, message: "the file's coordinates are in EPSG:32631, the project's in EPSG:2154: convert the file to the project's coordinate system first" },
    ]);
    expect(parseLandXml('<LandXML version="1.2"><Units><Metric linearUnit="furlong"/></Units></LandXML>').errors).toEqual([{ line: 1, message: 'unknown linearUnit "furlong" in <Metric>' }]);
    expect(parseLandXml('<kml><Placemark/></kml>').errors).toEqual([{ line: 1, message: 'the root element is <kml>, not <LandXML>' }]);
    expect(parseLandXml('').errors).toEqual([{ line: 1, message: 'the file is not well-formed XML: no root element' }]);
  });
});
