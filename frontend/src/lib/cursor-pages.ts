/**
 * The SWR infinite key of page `index` of a cursor-paginated list of the API (newest first): the
 * first page, then the page after the previous one's `nextCursor`, and none after the last.
 */
export function cursorPageKey(path: string, pageSize: number) {
  return (index: number, previous: { nextCursor: string | null } | null): string | null => {
    if (index === 0) return `${path}?limit=${pageSize}`;
    if (!previous?.nextCursor) return null;
    return `${path}?limit=${pageSize}&cursor=${encodeURIComponent(previous.nextCursor)}`;
  };
}
