import { codeList, type CodeList } from '@smi/contracts';
import type { Shot } from '../geometry.js';

/** A small list for the tests: lines of both heights, a polygon, point codes. */
export const LIST: CodeList = codeList.parse({
  name: 'Test list',
  codes: [
    { code: 'EP', description: 'Edge of pavement', kind: 'line', layer: 'ROAD-EDGE', colour: '#FF8C00' },
    { code: 'KB', description: 'Kerb', kind: 'line', layer: 'ROAD-KERB', colour: '#B0B0B0' },
    { code: 'FE', description: 'Fence', kind: 'line', layer: 'FENCE', colour: '#B22222', threeD: false },
    { code: 'BLD', description: 'Building', kind: 'polygon', layer: 'BUILDING', colour: '#DC143C', threeD: false },
    { code: 'TREE', description: 'Tree', kind: 'point', layer: 'VEG-TREE', colour: '#2E8B57' },
    { code: 'CP', description: 'Control point', kind: 'point', layer: 'CONTROL', colour: '#FF1493' },
  ],
});

/** A shot named as its id, at height 10 unless told. */
export const shot = (id: string, code: string, e: number, n: number, h = 10): Shot => ({ id, name: id, code, e, n, h });

/** The point ids of each line, the quickest way to read a build. */
export const ids = (lines: { vertices: { pointId: string }[] }[]) => lines.map((l) => l.vertices.map((v) => v.pointId));
