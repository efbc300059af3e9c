/**
 * Photo file names as one export gives them (decision 076): the name the photo was uploaded with, and for a later
 * photo of the same name (phones call every photo image.jpg) the name with " (2)", " (3)" before its ending. Names
 * are compared without case, as Windows and macOS disks compare them, so every name is also a file of its own in the
 * zip beside the points file. A namer lives for one pass over the points, in their order.
 */
export function photoNamer(): (fileName: string) => string {
  const used = new Set<string>();
  return (fileName) => {
    const dot = fileName.lastIndexOf('.');
    const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
    const ending = dot > 0 ? fileName.slice(dot) : '';
    let name = fileName;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n})${ending}`;
    used.add(name.toLowerCase());
    return name;
  };
}
