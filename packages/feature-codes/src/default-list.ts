import { codeList, DEFAULT_CONTROL_CODES, type CodeList, type FeatureCodeInput } from '@smi/contracts';

type Attribute = NonNullable<FeatureCodeInput['attributes']>[number];
const text = (name: string): Attribute => ({ name, type: 'text' });
const number = (name: string): Attribute => ({ name, type: 'number' });
const choice = (name: string, choices: string[]): Attribute => ({ name, type: 'choice', choices });

const point = (code: string, description: string, layer: string, colour: string, attributes: Attribute[] = []): FeatureCodeInput => ({
  code,
  description,
  kind: 'point',
  layer,
  colour,
  attributes,
});
/** Breaklines (kerbs, banks, ditches) carry their heights; fences, walls and buildings are drawn flat. */
const line = (code: string, description: string, layer: string, colour: string, threeD: boolean, attributes: Attribute[] = []): FeatureCodeInput => ({
  code,
  description,
  kind: 'line',
  layer,
  colour,
  threeD,
  attributes,
});

const FENCE_ATTRIBUTES = [choice('Type', ['Post and wire', 'Timber', 'Chain link', 'Palisade', 'Masonry', 'Other']), number('Height (m)')];

/** The list a new workspace starts with: the common codes of a topographic survey. */
export const DEFAULT_CODE_LIST: CodeList = codeList.parse({
  name: 'Topographic survey',
  controlCodes: DEFAULT_CONTROL_CODES,
  codes: [
    line('EP', 'Edge of pavement', 'ROAD-EDGE', '#FF8C00', true),
    line('CL', 'Road centreline', 'ROAD-CENTRELINE', '#FFD700', true),
    line('KB', 'Kerb', 'ROAD-KERB', '#B0B0B0', true),
    line('FP', 'Footpath edge', 'FOOTPATH', '#D2B48C', true),
    line('TB', 'Top of bank', 'BANK-TOP', '#A0522D', true),
    line('BB', 'Toe of bank', 'BANK-TOE', '#CD853F', true),
    line('DI', 'Ditch or drain centreline', 'DRAINAGE', '#1E90FF', true),
    line('WE', "Water's edge", 'WATER', '#00BFFF', true),
    line('FE', 'Fence', 'FENCE', '#B22222', false, FENCE_ATTRIBUTES),
    line('FENCE', 'Fence', 'FENCE', '#B22222', false, FENCE_ATTRIBUTES),
    line('HEDGE', 'Hedge', 'VEGETATION', '#228B22', false),
    line('WALL', 'Wall', 'WALL', '#708090', false, [choice('Material', ['Brick', 'Block', 'Concrete', 'Stone', 'Timber', 'Other']), number('Height (m)')]),
    line('OHL', 'Overhead power line', 'POWER-OVERHEAD', '#FF00FF', false),
    {
      code: 'BLD',
      description: 'Building outline',
      kind: 'polygon',
      layer: 'BUILDING',
      colour: '#DC143C',
      threeD: false,
      attributes: [choice('Use', ['Residential', 'Commercial', 'Industrial', 'Public', 'Outbuilding', 'Other']), number('Storeys')],
    },
    { code: 'SLAB', description: 'Concrete slab or hardstanding', kind: 'polygon', layer: 'HARDSTANDING', colour: '#A9A9A9' },
    point('TREE', 'Tree', 'VEG-TREE', '#2E8B57', [
      text('Species'),
      number('Trunk diameter (m)'),
      number('Height (m)'),
      { name: 'Protected', type: 'yes-no', default: false },
    ]),
    point('MH', 'Manhole', 'DRAINAGE-MANHOLE', '#4169E1', [
      choice('Material', ['Concrete', 'Brick', 'Plastic', 'Cast iron', 'Other']),
      number('Cover level (m)'),
      number('Diameter (mm)'),
    ]),
    point('GU', 'Gully', 'DRAINAGE-GULLY', '#4682B4'),
    point('FH', 'Fire hydrant', 'WATER-HYDRANT', '#FF0000', [choice('Type', ['Pillar', 'Underground'])]),
    point('WV', 'Water valve', 'WATER-VALVE', '#00CED1'),
    point('PP', 'Power pole', 'POWER-POLE', '#8B008B', [choice('Material', ['Timber', 'Concrete', 'Steel']), text('Pole number')]),
    point('LP', 'Lamp post', 'LIGHTING', '#FFA500'),
    point('SIGN', 'Sign', 'SIGNS', '#DAA520', [text('Text')]),
    point('SH', 'Spot height', 'SPOT-HEIGHT', '#32CD32'),
    point('CP', 'Control point', 'CONTROL', '#FF1493', [choice('Mark', ['Nail', 'Peg', 'Pin', 'Monument', 'Other'])]),
    point('BM', 'Benchmark', 'CONTROL', '#C71585'),
  ],
});
