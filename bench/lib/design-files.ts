/** 100,000 design points in each import format, shaped as CAD and field software write them. */
export const DESIGN_POINTS = 100_000;

const coords = (i: number) => ({
  n: (5411000 + (i % 400) * 2.5 + i * 0.0013).toFixed(4),
  e: (452000 + Math.floor(i / 400) * 2.5).toFixed(4),
  z: (35 + (i % 97) * 0.031).toFixed(4),
});

export function pnezdCsv(): string {
  let out = '';
  for (let i = 0; i < DESIGN_POINTS; i++) {
    const c = coords(i);
    out += `${i + 1},${c.n},${c.e},${c.z},${i % 5 === 0 ? 'EDGE OF PAVEMENT' : 'LOT'}\r\n`;
  }
  return out;
}

export function landXml(): string {
  const rows: string[] = [];
  for (let i = 0; i < DESIGN_POINTS; i++) {
    const c = coords(i);
    rows.push(`    <CgPoint name="${i + 1}" code="LOT">${c.n} ${c.e} ${c.z}</CgPoint>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<LandXML xmlns="http://www.landxml.org/schema/LandXML-1.2" version="1.2">\n  <Units><Metric linearUnit="meter" areaUnit="squareMeter" volumeUnit="cubicMeter"/></Units>\n  <CgPoints>\n${rows.join('\n')}\n  </CgPoints>\n</LandXML>\n`;
}

export function dxf(): string {
  const rows: string[] = [];
  for (let i = 0; i < DESIGN_POINTS; i++) {
    const c = coords(i);
    rows.push(`0\nPOINT\n8\nDESIGN\n10\n${c.e}\n20\n${c.n}\n30\n${c.z}\n0\nTEXT\n8\nNAMES\n10\n${(Number(c.e) + 0.3).toFixed(4)}\n20\n${(Number(c.n) + 0.3).toFixed(4)}\n40\n0.5\n1\nP${i + 1}`);
  }
  return `0\nSECTION\n2\nHEADER\n9\n$INSUNITS\n70\n6\n0\nENDSEC\n0\nSECTION\n2\nENTITIES\n${rows.join('\n')}\n0\nENDSEC\n0\nEOF\n`;
}

export function geoJsonGrid(epsg: number): string {
  const features: string[] = [];
  for (let i = 0; i < DESIGN_POINTS; i++) {
    const c = coords(i);
    features.push(`{"type":"Feature","properties":{"name":"${i + 1}","code":"LOT"},"geometry":{"type":"Point","coordinates":[${c.e},${c.n},${c.z}]}}`);
  }
  return `{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::${epsg}"}},"features":[\n${features.join(',\n')}\n]}`;
}
