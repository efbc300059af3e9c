import { createRequire } from 'node:module';

/**
 * dxf-writer's own POINT and TEXT entities and its tag writer, which its package entry does not export. Using them
 * directly lets an export serialise its entities a page at a time (a Drawing holds every shape and its tag list
 * until toDxfString() joins one big string), while the DXF tags stay the library's.
 */
interface Entity {
  handle: string;
  ownerObjectHandle: string;
  layer: { name: string };
  tags(manager: TagWriter): void;
}
export interface TagWriter {
  toDxfString(): string;
  point(x: number, y: number, z?: number): void;
}

const require = createRequire(import.meta.url);
const PointEntity = require('dxf-writer/src/Point.js') as new (x: number, y: number) => Entity & { x: number; y: number };
const DatabaseObject = require('dxf-writer/src/DatabaseObject.js') as { prototype: { tags(manager: TagWriter): void } };
const TextEntity = require('dxf-writer/src/Text.js') as new (x: number, y: number, height: number, rotation: number, value: string) => Entity & {
  x: number;
  y: number;
  height: number;
  rotation: number;
  value: string;
};
const TagsManager = require('dxf-writer/src/TagsManager.js') as new () => TagWriter;

/**
 * dxf-writer's POINT with its elevation: the library's Point writes group 30 (z) as 0 always. The same tags in the
 * same order (the library's own DatabaseObject tags), z written.
 */
class Point3D extends PointEntity {
  constructor(
    x: number,
    y: number,
    private readonly z: number,
  ) {
    super(x, y);
  }
  override tags(manager: TagWriter & { push(code: number, value: string | number): void }): void {
    manager.push(0, 'POINT');
    DatabaseObject.prototype.tags.call(this, manager);
    manager.push(8, this.layer.name);
    manager.point(this.x, this.y, this.z);
  }
}

/**
 * dxf-writer's TEXT (left, baseline: the only alignment written here) at an elevation: the library writes its
 * insertion point with z = 0, so in a 3D view a label floated at 0 far below its point. The library's tags otherwise.
 */
class Text3D extends TextEntity {
  constructor(
    x: number,
    y: number,
    private readonly z: number,
    height: number,
    value: string,
  ) {
    super(x, y, height, 0, value);
  }
  override tags(manager: TagWriter & { push(code: number, value: string | number): void }): void {
    manager.push(0, 'TEXT');
    DatabaseObject.prototype.tags.call(this, manager);
    manager.push(8, this.layer.name);
    manager.point(this.x, this.y, this.z);
    manager.push(40, this.height);
    manager.push(1, this.value);
    manager.push(50, this.rotation);
    manager.push(100, 'AcDbText');
  }
}

/** Writes entities of one drawing: handles from the drawing's own counter, owned by its model space. */
export class EntityWriter {
  private manager = new TagsManager();

  constructor(
    private nextHandle: number,
    private readonly modelSpaceHandle: string,
  ) {}

  /** A 3D POINT: z is the elevation (dxf-writer's Point writes only x and y, with group 30 = 0). */
  point(x: number, y: number, z: number, layer: string): void {
    this.add(new Point3D(x, y, z), layer);
  }

  /** A left-aligned TEXT on its baseline at (x, y, z). */
  text(x: number, y: number, z: number, height: number, value: string, layer: string): void {
    this.add(new Text3D(x, y, z, height, value), layer);
  }

  /**
   * A 2D LWPOLYLINE: vertices with their DXF bulges (group 42, the arc to the next vertex), closed flag for a
   * polygon, the code's colour as true colour (group 420) on the entity.
   */
  lwpolyline(vertices: readonly { x: number; y: number; bulge: number }[], closed: boolean, layer: string, colour: number): void {
    const m = this.manager as TagWriter & { push(code: number, value: string | number): void };
    this.head('LWPOLYLINE', layer, colour);
    m.push(100, 'AcDbPolyline');
    m.push(90, vertices.length);
    m.push(70, closed ? 1 : 0);
    for (const v of vertices) {
      m.push(10, v.x);
      m.push(20, v.y);
      if (v.bulge !== 0) m.push(42, v.bulge);
    }
  }

  /** A POLYLINE 3D: every vertex at its elevation (a 3D polyline has no bulges: arcs come as short segments). */
  polyline3d(vertices: readonly { x: number; y: number; z: number }[], closed: boolean, layer: string, colour: number): void {
    const m = this.manager as TagWriter & { push(code: number, value: string | number): void };
    this.head('POLYLINE', layer, colour);
    m.push(100, 'AcDb3dPolyline');
    m.push(66, 1);
    m.point(0, 0, 0);
    m.push(70, closed ? 9 : 8);
    for (const v of vertices) {
      this.head('VERTEX', layer, colour);
      m.push(100, 'AcDbVertex');
      m.push(100, 'AcDb3dPolylineVertex');
      m.point(v.x, v.y, v.z);
      m.push(70, 32);
    }
    this.head('SEQEND', layer, colour);
  }

  private head(type: string, layer: string, colour: number) {
    const m = this.manager as TagWriter & { push(code: number, value: string | number): void };
    m.push(0, type);
    m.push(5, (this.nextHandle++).toString(16).toUpperCase());
    m.push(330, this.modelSpaceHandle);
    m.push(100, 'AcDbEntity');
    m.push(8, layer);
    m.push(420, colour);
  }

  /** The tags written since the last flush, each line ending in a newline. */
  flush(): string {
    const out = this.manager.toDxfString();
    this.manager = new TagsManager();
    return out ? `${out}\n` : '';
  }

  private add(entity: Entity, layer: string) {
    // dxf-writer numbers handles from one process-wide counter; a streamed file numbers its own, after its tables
    entity.handle = (this.nextHandle++).toString(16).toUpperCase();
    entity.ownerObjectHandle = this.modelSpaceHandle;
    entity.layer = { name: layer };
    entity.tags(this.manager);
  }
}
