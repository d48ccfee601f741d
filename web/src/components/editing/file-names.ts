/** A named text file edited in file tabs (a course's execution and keep files, later task files). */
export interface EditableFile {
  filename: string;
  filecontent: string;
}

/** The name of a new file: `{prefix}{N+1}`, skipping a name already taken. */
export function newFileName(files: EditableFile[], prefix: string): string {
  const taken = new Set(files.map((f) => f.filename));
  let n = files.length + 1;
  while (taken.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}
