/** Article markdown by id, from the files a glob found (path → text). */
export function articlesById(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(files).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1, -3), text]),
  );
}
