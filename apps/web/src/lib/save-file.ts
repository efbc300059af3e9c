/** A file fetched from the api, ready to hand to the browser. */
export interface FetchedFile {
  blob: Blob;
  fileName: string;
}

/** Hands a fetched file to the browser as a download. */
export function saveFile({ blob, fileName }: FetchedFile) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // revoked later: some browsers read the URL after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
